// A Redis connection, with ioredis loaded when the first one is made: a server without REDIS_URL
// never loads it, which kept ~100 ms of CPU off every such start (bench/server-start.bench.ts).
// ioredis is CommonJS, so it is required synchronously where a connection is built.
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const require = createRequire(import.meta.url);

export type { Redis };

export function connectRedis(url: string, options: RedisOptions): Redis {
  const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
  return new RedisClient(url, options);
}
