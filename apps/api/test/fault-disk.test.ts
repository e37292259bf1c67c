/**
 * A full disk under the mail outbox (a real, tiny tmpfs mounted for the test; root only): a mail
 * that does not fit fails with a plain reason and leaves no half-written file, the request that
 * queued it still answers, and mail flows again once there is room.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrf } from './helpers/app';
import { createMemberTestApp, outboxFiles, uniqueEmail, type MemberTestContext } from './helpers/members';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-full-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  // Not root, or no tmpfs here: the test says it was skipped rather than pretending.
}

let ctx: MemberTestContext;
const filler = path.join(mountPoint, 'filler');

/** Writes until the disk refuses: ENOSPC from here on. */
function fillDisk() {
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(4096, 1));
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    fs.closeSync(fd);
  }
}

beforeAll(async () => {
  if (!mounted) return;
  ctx = await createMemberTestApp({ DATA_DIR: mountPoint });
});
afterAll(async () => {
  await ctx?.close().catch(() => undefined);
  if (mounted) execFileSync('umount', [mountPoint], { stdio: 'ignore' });
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe.skipIf(!mounted)('the mail outbox on a full disk', () => {
  it('fails a mail with a plain reason, leaves no partial file, and keeps the sign-up answering', async () => {
    fs.mkdirSync(path.join(mountPoint, 'outbox'), { recursive: true });
    fillDisk();
    const big = { kind: 'test', to: 'someone@example.com', subject: 'آزمایش', text: 'متن '.repeat(20_000), html: '<p>متن</p>' };
    await expect(ctx.app.mailer.send(big)).rejects.toThrow(/outbox .* is full: the mail was not written/);
    expect(fs.readdirSync(path.join(mountPoint, 'outbox'))).toEqual([]);

    const { cookie, header } = await csrf(ctx.app);
    const email = uniqueEmail('disk');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sanc/register',
      headers: { cookie, ...header },
      payload: { name: 'دیسک پر', email, password: 'parde-pass-123', password_confirmation: 'parde-pass-123' },
    });
    expect(res.statusCode).toBe(202);
    await ctx.app.mailer.flush();
    expect(fs.readdirSync(path.join(mountPoint, 'outbox'))).toEqual([]);

    fs.rmSync(filler);
    await ctx.app.mailer.send({ ...big, text: 'کوتاه' });
    expect(outboxFiles(mountPoint)).toHaveLength(1);
    expect(fs.readdirSync(path.join(mountPoint, 'outbox')).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
