import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../errors/error-handler';
import { registerCrashedRequests, type CrashedRequests } from './crashed-requests';

const ID = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function appWith(dir: string) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  const crashed = registerCrashedRequests(app, dir);
  let marked: string[] | undefined;
  // What server.ts does on an exception nothing caught, asked from inside a callback the handler
  // left behind, where such an exception would be raised.
  app.get('/work', () => new Promise((resolve) => setImmediate(() => resolve({ marked: (marked = crashed.markCurrent()) }))));
  app.get('/idle', async () => ({ ok: true }));
  await app.ready();
  return { app, crashed, marked: () => marked };
}

describe('requests that crashed a process', () => {
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-crashed-'));
    dirs.push(dir);
    return dir;
  };

  it('marks the request whose code was running, by the id the proxy gave it', async () => {
    const dir = path.join(tmp(), 'not-made-yet');
    const { app } = await appWith(dir);
    const res = await app.inject({ url: '/work', headers: { 'x-request-id': ID } });
    expect(res.json()).toEqual({ marked: [ID] });
    expect(fs.readdirSync(dir)).toEqual([ID]);
    await app.close();
  });

  it('answers a marked request in Persian without running it, and runs every other one', async () => {
    const dir = tmp();
    const { app, marked } = await appWith(dir);
    fs.writeFileSync(path.join(dir, ID), '');
    const refused = await app.inject({ url: '/work', headers: { 'x-request-id': ID } });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ code: 'REQUEST_CRASHED', message: expect.stringMatching(/[آ-ی]/) });
    expect(marked()).toBeUndefined();
    expect((await app.inject({ url: '/work', headers: { 'x-request-id': OTHER } })).json()).toEqual({ marked: [OTHER] });
    await app.close();
  });

  it('marks nothing for a request without a proxy id, or outside any request', async () => {
    const dir = tmp();
    const { app, crashed } = await appWith(dir);
    expect((await app.inject({ url: '/work', headers: { 'x-request-id': 'chosen-by-a-client' } })).json()).toEqual({ marked: [] });
    expect((await app.inject({ url: '/work' })).json()).toEqual({ marked: [] });
    expect((crashed as CrashedRequests).markCurrent()).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
    await app.close();
  });

  it('forgets a mark after a minute', async () => {
    const dir = tmp();
    const old = path.join(dir, OTHER);
    fs.writeFileSync(old, '');
    const minuteAgo = new Date(Date.now() - 61_000);
    fs.utimesSync(old, minuteAgo, minuteAgo);
    const { app } = await appWith(dir);
    expect(fs.existsSync(old)).toBe(false);
    expect((await app.inject({ url: '/idle', headers: { 'x-request-id': OTHER } })).statusCode).toBe(200);
    await app.close();
  });
});
