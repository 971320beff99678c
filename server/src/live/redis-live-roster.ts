// The live roster on Redis, shared by every instance: one hash per meeting for participants
// (field "<key>:n" = connections, "<key>:join" = join id) and one for readers (field = language,
// value = connections reading it), and a counter of projection screens. Scripts keep each decision atomic, so two instances never both
// open (or both close) one participant's join record. Keys expire a day after their last change,
// so counts left by a crashed instance do not linger.
import { connectRedis } from '../redis-connection';
import type { LiveRoster } from './live-roster';

const TTL_SECONDS = 24 * 60 * 60;

// Returns {joinId, 1 when new}.
const ARRIVE = `
redis.call('HINCRBY', KEYS[1], ARGV[1] .. ':n', 1)
redis.call('EXPIRE', KEYS[1], ARGV[3])
local joinId = redis.call('HGET', KEYS[1], ARGV[1] .. ':join')
if joinId then return {joinId, 0} end
redis.call('HSET', KEYS[1], ARGV[1] .. ':join', ARGV[2])
return {ARGV[2], 1}`;

const SETTLE = `
local n = tonumber(redis.call('HGET', KEYS[1], ARGV[1] .. ':n') or '0')
if n > 0 then return false end
local joinId = redis.call('HGET', KEYS[1], ARGV[1] .. ':join')
redis.call('HDEL', KEYS[1], ARGV[1] .. ':n', ARGV[1] .. ':join')
return joinId`;

const COUNT_READER = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return n`;

// Never below zero: a decrement after the key expired (a day-long screen) must not go negative.
const COUNT_SCREEN = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if n < 0 then n = 0 redis.call('SET', KEYS[1], 0) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return n`;

export function createRedisRoster(url: string, options: { prefix?: string; log?: { warn(obj: unknown, msg?: string): void } } = {}): LiveRoster {
  const prefix = options.prefix ?? 'parley:live:roster:';
  const redis = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // Connection trouble surfaces on the calls themselves; the event is only logged.
  redis.on('error', (error) => options.log?.warn({ err: error }, 'live roster: redis error'));
  const participantsKey = (meetingId: string) => `${prefix}${meetingId}:participants`;
  const readersKey = (meetingId: string) => `${prefix}${meetingId}:readers`;
  const screensKey = (meetingId: string) => `${prefix}${meetingId}:screens`;
  return {
    async arrive(meetingId, key, newJoinId) {
      const [joinId, fresh] = (await redis.eval(ARRIVE, 1, participantsKey(meetingId), key, newJoinId, TTL_SECONDS)) as [string, number];
      return { joinId, fresh: fresh === 1 };
    },
    async depart(meetingId, key) {
      await redis.hincrby(participantsKey(meetingId), `${key}:n`, -1);
    },
    async settleLeave(meetingId, key) {
      const joinId = (await redis.eval(SETTLE, 1, participantsKey(meetingId), key)) as string | null;
      return joinId || null;
    },
    async countReader(meetingId, language, delta) {
      await redis.eval(COUNT_READER, 1, readersKey(meetingId), language, delta, TTL_SECONDS);
    },
    async readingLanguages(meetingId) {
      const counts = await redis.hgetall(readersKey(meetingId));
      return Object.entries(counts)
        .filter(([, n]) => Number(n) > 0)
        .map(([language]) => language);
    },
    async countScreen(meetingId, delta) {
      return Number(await redis.eval(COUNT_SCREEN, 1, screensKey(meetingId), delta, TTL_SECONDS));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
