// Live fan-out across server instances. Lua scripts number a message (INCR), hold it while an
// earlier seq is reserved (live-bus.ts: a final is stored before it goes out), and append what may
// go out to the meeting's replay list and PUBLISH it — atomically, so every instance receives a
// meeting's messages in seq order, without gaps, whatever instance published or reserved them.
// Each instance subscribes only to the meetings it has connections for.
//
// Keys per meeting: seq (last handed out), delivered (last sent), held (hash seq → message waiting
// for an earlier reservation), reserved (hash seq → deadline ms), fillers (hash seq → message sent
// in place of an abandoned or expired reservation), log (replay list), ch (pub/sub channel).
import { connectRedis } from '../redis-connection';
import { REPLAY_LOG_SIZE, RESERVATION_TTL_MS, replayFrom, type LiveBus, type StreamMessage } from './live-bus';

// Keys outlive a meeting by a day so late reconnects still resume; the finals stay in the database.
const KEY_TTL_SECONDS = 24 * 3600;

// KEYS: seq delivered held reserved fillers log ch · ARGV[1] log size, ARGV[2] key ttl, then the script's own.
const PRELUDE = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function number(seq, raw)
  return '{"seq":' .. seq .. ',' .. string.sub(raw, 2)
end
local function send(msg)
  redis.call('RPUSH', KEYS[6], msg)
  redis.call('LTRIM', KEYS[6], -tonumber(ARGV[1]), -1)
  redis.call('PUBLISH', KEYS[7], msg)
end
local function flush()
  local last = tonumber(redis.call('GET', KEYS[1]) or '0')
  local delivered = tonumber(redis.call('GET', KEYS[2]) or '0')
  local t = nil
  while delivered < last do
    local next = delivered + 1
    local held = redis.call('HGET', KEYS[3], next)
    local deadline = redis.call('HGET', KEYS[4], next)
    if held then
      redis.call('HDEL', KEYS[3], next)
      send(held)
    elseif deadline then
      t = t or now_ms()
      if tonumber(deadline) > t then break end
      local filler = redis.call('HGET', KEYS[5], next)
      redis.call('HDEL', KEYS[4], next)
      redis.call('HDEL', KEYS[5], next)
      if filler then send(filler) end
    end
    delivered = next
  end
  redis.call('SET', KEYS[2], delivered)
  for i = 1, 7 do redis.call('EXPIRE', KEYS[i], ARGV[2]) end
  return delivered
end
`;

const PUBLISH_SCRIPT = `${PRELUDE}
local seq = redis.call('INCR', KEYS[1])
local msg = number(seq, ARGV[3])
redis.call('HSET', KEYS[3], seq, msg)
flush()
return msg`;

// ARGV[3] filler, ARGV[4] ttl ms
const RESERVE_SCRIPT = `${PRELUDE}
flush()
local seq = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[4], seq, now_ms() + tonumber(ARGV[4]))
redis.call('HSET', KEYS[5], seq, number(seq, ARGV[3]))
flush()
return seq`;

// ARGV[3] seq, ARGV[4] message; nil when the reservation is gone (expired: its filler went out)
const COMMIT_SCRIPT = `${PRELUDE}
if redis.call('HDEL', KEYS[4], ARGV[3]) == 0 then return false end
redis.call('HDEL', KEYS[5], ARGV[3])
local msg = number(ARGV[3], ARGV[4])
redis.call('HSET', KEYS[3], ARGV[3], msg)
flush()
return msg`;

// ARGV[3] seq
const ABANDON_SCRIPT = `${PRELUDE}
if redis.call('HDEL', KEYS[4], ARGV[3]) == 0 then return 0 end
local filler = redis.call('HGET', KEYS[5], ARGV[3])
redis.call('HDEL', KEYS[5], ARGV[3])
if filler then redis.call('HSET', KEYS[3], ARGV[3], filler) end
flush()
return 1`;

const FLUSH_SCRIPT = `${PRELUDE}
return flush()`;

const REPLAY_SCRIPT = `${PRELUDE}
local delivered = flush()
return {delivered, redis.call('LRANGE', KEYS[6], 0, -1)}`;

// ARGV[3] floor
const FLOOR_SCRIPT = `${PRELUDE}
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < tonumber(ARGV[3]) then
  redis.call('SET', KEYS[1], ARGV[3])
  redis.call('SET', KEYS[2], ARGV[3])
  redis.call('DEL', KEYS[3], KEYS[4], KEYS[5])
  for i = 1, 2 do redis.call('EXPIRE', KEYS[i], ARGV[2]) end
end
return 1`;

export function createRedisBus(url: string, prefix = 'parley:live:', logSize = REPLAY_LOG_SIZE): LiveBus {
  const commands = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const listeners = new Map<string, Set<(message: StreamMessage) => void>>();
  const keys = (meetingId: string) => ({
    seq: `${prefix}${meetingId}:seq`,
    log: `${prefix}${meetingId}:log`,
    channel: `${prefix}${meetingId}:ch`,
  });
  /** Runs one of the scripts above on the meeting's keys. */
  const run = (script: string, meetingId: string, ...args: (string | number)[]) => {
    const k = keys(meetingId);
    const base = `${prefix}${meetingId}:`;
    return commands.eval(script, 7, k.seq, `${base}delivered`, `${base}held`, `${base}reserved`, `${base}fillers`, k.log, k.channel, logSize, KEY_TTL_SECONDS, ...args);
  };
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
      const raw = (await run(PUBLISH_SCRIPT, meetingId, JSON.stringify(message))) as string;
      return JSON.parse(raw) as StreamMessage;
    },
    async reserve(meetingId, filler, ttlMs = RESERVATION_TTL_MS) {
      return Number(await run(RESERVE_SCRIPT, meetingId, JSON.stringify(filler), ttlMs));
    },
    async commit(meetingId, seq, message) {
      const raw = (await run(COMMIT_SCRIPT, meetingId, seq, JSON.stringify(message))) as string | null;
      return raw ? (JSON.parse(raw) as StreamMessage) : null;
    },
    async abandon(meetingId, seq) {
      await run(ABANDON_SCRIPT, meetingId, seq);
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
      const [latest, raw] = (await run(REPLAY_SCRIPT, meetingId)) as [number, string[]];
      return replayFrom(
        raw.map((r) => JSON.parse(r) as StreamMessage),
        Number(latest),
        afterSeq,
      );
    },
    async latestSeq(meetingId) {
      // Also sends what an expired reservation (a crashed instance) held back.
      return Number(await run(FLUSH_SCRIPT, meetingId));
    },
    async ensureFloor(meetingId, seq) {
      await run(FLOOR_SCRIPT, meetingId, seq);
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
