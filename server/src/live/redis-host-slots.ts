// The host slot as a Redis lease: SET NX PX with a random token (value "<token> <clientId>"),
// renewed while the host is connected, released by compare-and-delete. The same clientId takes over
// its own lease and the instance that held it hears so on a pub/sub channel, so the replaced socket
// closes at once; a crashed instance's lease frees the slot after its TTL.
import { randomBytes } from 'node:crypto';
import { connectRedis } from '../redis-connection';
import type { HostLease, HostSlots } from './host-slots';

// Long enough to ride out a slow Redis round trip; short enough that a crashed instance's
// meeting can be hosted again soon.
export const HOST_LEASE_TTL_MS = 15_000;

// 1: taken (free or expired); 2: taken over from the same clientId (old value published); 0: held by another.
const ACQUIRE_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[3]) then return 1 end
local held = redis.call('GET', KEYS[1])
if not held then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return 1
end
local holder = string.match(held, '^%S+ (.*)$')
if ARGV[2] ~= '' and holder == ARGV[2] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  redis.call('PUBLISH', KEYS[2], held)
  return 2
end
return 0`;

const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface RedisHostSlotsOptions {
  prefix?: string;
  ttlMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export function createRedisHostSlots(url: string, options: RedisHostSlotsOptions = {}): HostSlots {
  const prefix = options.prefix ?? 'parley:live:';
  const ttlMs = options.ttlMs ?? HOST_LEASE_TTL_MS;
  const commands = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const replacedChannel = `${prefix}host-replaced`;
  const subscribed = subscriber.subscribe(replacedChannel);
  subscribed.catch(() => undefined);
  // Leases held here, by their stored value: who to tell when one is taken over elsewhere.
  const held = new Map<string, () => void>();
  const keyOf = (meetingId: string) => `${prefix}${meetingId}:host`;

  subscriber.on('message', (channel: string, value: string) => {
    if (channel !== replacedChannel) return;
    const onLost = held.get(value);
    held.delete(value);
    onLost?.();
  });

  return {
    async acquire(meetingId, clientId, onLost) {
      await subscribed;
      const key = keyOf(meetingId);
      const value = `${randomBytes(12).toString('hex')} ${clientId ?? ''}`;
      const taken = Number(await commands.eval(ACQUIRE_SCRIPT, 2, key, replacedChannel, value, clientId ?? '', ttlMs));
      if (!taken) return null;
      let released = false;
      const lost = () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        held.delete(value);
        onLost();
      };
      held.set(value, lost);
      const renewal = setInterval(() => {
        commands.eval(RENEW_SCRIPT, 1, key, value, ttlMs).then(
          (renewed) => {
            if (!Number(renewed)) lost();
          },
          // Keep trying: if Redis stays away the lease expires and the next renewal reports it lost.
          (error: unknown) => options.log?.warn({ err: error, meetingId }, 'host lease not renewed'),
        );
      }, Math.max(50, Math.floor(ttlMs / 3)));
      renewal.unref();
      const lease: HostLease = {
        async release() {
          if (released) return;
          released = true;
          clearInterval(renewal);
          held.delete(value);
          await commands.eval(RELEASE_SCRIPT, 1, key, value);
        },
      };
      return lease;
    },
    async close() {
      held.clear();
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
