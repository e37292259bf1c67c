import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/**
 * A request that crashes its process must not crash the next one as well.
 *
 * Behind nginx, a request cut off by a dying process is handed to the next process: a read must
 * survive a process killed under it (docs/decisions/0027). nginx cannot tell a process killed from
 * outside from one that this very request brought down, so a request whose code throws what
 * nothing catches would be handed from process to process until none is left. The process itself
 * can tell: an exception nothing caught is raised in the async context of the request whose code
 * threw it. As it dies, the process writes that request's id (nginx's `$request_id`, the same on
 * every try of one request) into a folder the processes of the machine share, synchronously and so
 * before its connections close; a process handed a request whose id is there answers it with an
 * error instead of running it. A process killed from outside (SIGKILL, the kernel's OOM killer)
 * writes nothing, and what it had in hand is still retried.
 */
const PROXY_ID = /^[0-9a-f]{32}$/;
/** A retry reaches the next process within milliseconds; a minute is ample, and then the id may go. */
const KEEP_MS = 60_000;

export interface CrashedRequests {
  /** Called as the process dies of an exception nothing caught: marks the request that threw it. */
  markCurrent(): string[];
}

function sweep(dir: string) {
  const now = Date.now();
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
    } catch {
      /* removed by another process meanwhile */
    }
  }
}

const proxyId = (request: FastifyRequest) => {
  const id = request.headers['x-request-id'];
  return typeof id === 'string' && PROXY_ID.test(id) ? id : undefined;
};

/** Registers the check on the root instance; `dir` is shared by every process behind the proxy. */
export function registerCrashedRequests(app: FastifyInstance, dir: string): CrashedRequests {
  // The folder is made by the first process that dies of a request, not before.
  sweep(dir);
  const current = new AsyncLocalStorage<string>();
  app.addHook('onRequest', (request, _reply, done) => {
    const id = proxyId(request);
    if (!id) return done();
    if (fs.existsSync(path.join(dir, id))) {
      request.log.warn({ requestId: id }, 'a request that crashed another process: answered without running it');
      return done(new AppError('REQUEST_CRASHED', 500));
    }
    // Everything the request's handlers start runs inside this context, so an exception they leave
    // uncaught names the request.
    current.run(id, done);
  });
  return {
    markCurrent() {
      const id = current.getStore();
      if (!id) return [];
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, id), '');
        sweep(dir);
      } catch {
        /* a full or read-only disk: the request may then be tried elsewhere, as before */
      }
      return [id];
    },
  };
}
