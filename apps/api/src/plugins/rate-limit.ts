import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreCtor = new (...args: unknown[]) => Store;
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreCtor;

/**
 * Counters in Redis, shared by every process, and in this process's memory while Redis is away:
 * limits still hold (per process) instead of lapsing, and the outage is said in the log once.
 */
function fallbackStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger) {
  let down = false;
  // Before the first connection, commands wait for it (the offline queue); once Redis has been
  // there, a lost connection sends counting here at once rather than after a reconnect attempt.
  let connectedOnce = redis.status === 'ready';
  redis.on('ready', () => (connectedOnce = true));
  const say = (nowDown: boolean, err?: unknown) => {
    if (nowDown === down) return;
    down = nowDown;
    if (down) log.warn({ err }, 'Redis is unavailable: rate limits are counted per process until it is back');
    else log.info('Redis is back: rate limits are shared again');
  };
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}
    static create(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      return new FallbackStore(new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace), new LocalStore(params.continueExceeding, params.exponentialBackoff));
    }
    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const local = () => (this.local[method] ? this.local[method]!(key, cb, timeWindow, max) : cb(null, { current: 0, ttl: 0 }));
      if (connectedOnce && redis.status !== 'ready') {
        say(true);
        return local();
      }
      this.shared[method]!(key, (err, res) => {
        if (err) {
          say(true, err);
          return local();
        }
        say(false);
        cb(null, res);
      }, timeWindow, max);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }
    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }
    child(routeOptions: unknown): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin constructs its store with `new Store(globalParams)`.
  return function Fallback(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
    return FallbackStore.create(params);
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * A generous per-IP ceiling for every route; sensitive routes (login, register, …) set tighter
 * limits in their own `config.rateLimit`. With Redis the counters are shared by every API process.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    ...(redis ? { store: fallbackStore(redis, config.RATE_LIMIT_NAMESPACE, app.log) } : {}),
    nameSpace: config.RATE_LIMIT_NAMESPACE,
    skipOnError: true, // a store that fails anyway: serve rather than refuse everyone.
    // The API is what is limited; the web app's files and pages are not (in production nginx or a
    // CDN serves them, and many people behind one carrier address share an IP).
    allowList: (request) => !(request.url.startsWith('/api/') || request.url.startsWith('/sanctum/')),
    errorResponseBuilder: (_request, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number; retryAfterSeconds: number };
      err.statusCode = context.statusCode;
      err.retryAfterSeconds = Math.ceil(context.ttl / 1000);
      return err;
    },
  });
}
