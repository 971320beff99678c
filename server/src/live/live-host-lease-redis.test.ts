// The one-host rule across two server instances on one Redis: the host slot is a lease both see.
// A second client's host connection on the other instance is refused, the same client takes over
// (the old socket closes with the replace code), a released lease frees the slot at once and a
// crashed holder's lease frees it after its TTL.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisVariant, uniqueRedisPrefix } from '../testing/redis-variant';
import { tempDataDir } from '../testing/test-config';
import { createRedisHostSlots } from './redis-host-slots';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

const redis = await redisVariant('Redis host lease test');
const TTL_MS = 600;

describe.skipIf(redis.skipReason)('host lease over Redis', () => {
  let a: LiveTestServer;
  let b: LiveTestServer;
  const prefix = `${uniqueRedisPrefix('parley-live-lease')}:`;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    a = await startLiveServer({ dataDir, redisUrl: redis.url });
    b = await startLiveServer({ dataDir, redisUrl: redis.url });
    for (const server of [a, b]) await server.app.services.liveHub.useHostSlots(createRedisHostSlots(redis.url, { prefix, ttlMs: TTL_MS }));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const ready = async (client: LiveClient) => client.waitFor((m) => m.type === 'ready');
  const refused = async (client: LiveClient) => {
    expect(await client.waitFor((m) => m.type === 'error')).toMatchObject({ code: 409, msgKey: 'live:hostAlreadyConnected', fatal: true });
    expect(await client.waitClosed()).toBe(4409);
  };

  it('refuses another client on the other instance, lets the same client take over, frees on disconnect', async () => {
    const owner = await a.signUp();
    const meeting = await a.createMeeting(owner);
    const first = await LiveClient.open(a.wsUrl(meeting.id, owner.token, { clientId: 'tab-1' }));
    await ready(first);

    await refused(await LiveClient.open(b.wsUrl(meeting.id, owner.token, { clientId: 'tab-2' })));
    await refused(await LiveClient.open(b.wsUrl(meeting.id, owner.token)));
    // Renewal keeps the lease past several TTLs while the host stays connected.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2));
    await refused(await LiveClient.open(b.wsUrl(meeting.id, owner.token, { clientId: 'tab-2' })));
    expect(first.closeCode).toBeNull();

    // The same tab reconnecting through B takes over its own lease; A's socket is replaced.
    const moved = await LiveClient.open(b.wsUrl(meeting.id, owner.token, { clientId: 'tab-1' }));
    await ready(moved);
    expect(await first.waitClosed()).toBe(4001);
    await refused(await LiveClient.open(a.wsUrl(meeting.id, owner.token, { clientId: 'tab-2' })));

    // Its disconnect releases the lease: gone well before it could have expired (renewed every TTL/3),
    // so another tab may host on A.
    moved.close();
    await moved.waitClosed();
    const probe = new Redis(redis.url);
    try {
      const deadline = Date.now() + TTL_MS / 2;
      while ((await probe.exists(`${prefix}${meeting.id}:host`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(await probe.exists(`${prefix}${meeting.id}:host`)).toBe(0);
    } finally {
      probe.disconnect();
    }
    const next = await LiveClient.open(a.wsUrl(meeting.id, owner.token, { clientId: 'tab-2' }));
    await ready(next);
    next.close();
    await next.waitClosed();
  });

  it('frees the slot of a crashed instance after the lease TTL', async () => {
    const owner = await a.signUp();
    const meeting = await a.createMeeting(owner);
    // A lease left by an instance that died: nobody renews or releases it.
    const crashed = createRedisHostSlots(redis.url, { prefix, ttlMs: TTL_MS });
    const lease = await crashed.acquire(meeting.id, 'dead-tab', () => undefined);
    expect(lease).not.toBeNull();
    await crashed.close();
    const probe = new Redis(redis.url);
    try {
      expect(await probe.pttl(`${prefix}${meeting.id}:host`)).toBeGreaterThan(0);
      await refused(await LiveClient.open(b.wsUrl(meeting.id, owner.token, { clientId: 'tab-1' })));
      await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
      const host = await LiveClient.open(b.wsUrl(meeting.id, owner.token, { clientId: 'tab-1' }));
      await ready(host);
      host.close();
      await host.waitClosed();
    } finally {
      probe.disconnect();
    }
  });
});
