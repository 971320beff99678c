// Live fan-out across server instances: one Lua script numbers a message (INCR), appends it to the
// meeting's replay list and PUBLISHes it, atomically, so every instance receives a meeting's messages
// in seq order whatever instance published them. Each instance subscribes only to the meetings it
// has connections for.
import { Redis } from 'ioredis';
import { REPLAY_LOG_SIZE, replayFrom, type LiveBus, type StreamMessage } from './live-bus';

// Keys outlive a meeting by a day so late reconnects still resume; the finals stay in the database.
const KEY_TTL_SECONDS = 24 * 3600;

const PUBLISH_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
local msg = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
redis.call('RPUSH', KEYS[2], msg)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[2]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', KEYS[3], msg)
return msg`;

const FLOOR_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1`;

export function createRedisBus(url: string, prefix = 'parley:live:', logSize = REPLAY_LOG_SIZE): LiveBus {
  const commands = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const listeners = new Map<string, Set<(message: StreamMessage) => void>>();
  const keys = (meetingId: string) => ({
    seq: `${prefix}${meetingId}:seq`,
    log: `${prefix}${meetingId}:log`,
    channel: `${prefix}${meetingId}:ch`,
  });
  const meetingOfChannel = (channel: string) => channel.slice(prefix.length, -':ch'.length);

  subscriber.on('message', (channel: string, raw: string) => {
    const set = listeners.get(meetingOfChannel(channel));
    if (!set?.size) return;
    const message = JSON.parse(raw) as StreamMessage;
    for (const listener of [...set]) listener(message);
  });

  return {
    kind: 'redis',
    async publish(meetingId, message) {
      const k = keys(meetingId);
      const raw = (await commands.eval(PUBLISH_SCRIPT, 3, k.seq, k.log, k.channel, JSON.stringify(message), logSize, KEY_TTL_SECONDS)) as string;
      return JSON.parse(raw) as StreamMessage;
    },
    async subscribe(meetingId, listener) {
      let set = listeners.get(meetingId);
      if (!set) {
        set = new Set();
        listeners.set(meetingId, set);
        await subscriber.subscribe(keys(meetingId).channel);
      }
      set.add(listener);
      return async () => {
        const current = listeners.get(meetingId);
        current?.delete(listener);
        if (current && current.size === 0) {
          listeners.delete(meetingId);
          await subscriber.unsubscribe(keys(meetingId).channel).catch(() => undefined);
        }
      };
    },
    async replay(meetingId, afterSeq) {
      const k = keys(meetingId);
      const [latest, raw] = await Promise.all([commands.get(k.seq), commands.lrange(k.log, 0, -1)]);
      return replayFrom(
        raw.map((r) => JSON.parse(r) as StreamMessage),
        Number(latest ?? 0),
        afterSeq,
      );
    },
    async latestSeq(meetingId) {
      return Number((await commands.get(keys(meetingId).seq)) ?? 0);
    },
    async ensureFloor(meetingId, seq) {
      await commands.eval(FLOOR_SCRIPT, 1, keys(meetingId).seq, seq, KEY_TTL_SECONDS);
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
