import { Redis } from 'ioredis';

/** One shared connection; commands fail fast while Redis is down instead of queueing forever. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
  });
}
