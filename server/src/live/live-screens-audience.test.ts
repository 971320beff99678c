// A projection screen is not an audience member: a socket presenting one of the meeting's cast codes
// reads subtitles (its language is translated) but opens no join record, is never announced as
// joined or left, and is not counted in joinRecord — on one instance and across two on Redis. The
// host hears how many screens are connected (screens.connected), apart from the participants. A code
// that is not this meeting's is refused, so nobody hides from the list by claiming to be a screen.
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../engines/config';
import { call } from '../testing/inject';
import { redisVariant } from '../testing/redis-variant';
import { tempDataDir } from '../testing/test-config';
import { LiveClient, startLiveServer, type LiveTestServer, type LiveTestUser } from '../testing/live-test-kit';

// The meetings read Chinese, which only a remote translator serves: the setting lets them be created;
// nothing here needs a translation made.
const engines = loadEngineConfig({ TRANSLATE_URL: 'http://127.0.0.1:9/' });
const redis = await redisVariant('Redis screens audience test');

async function screenCode(server: LiveTestServer, owner: LiveTestUser, meetingId: string): Promise<string> {
  const answer = await call(server.app, 'POST', '/speech/meeting/createScreenCode', { token: owner.token, body: { meetingId }, lang: 'en-US' });
  expect(answer.code).toBe(200);
  return answer.data.code as string;
}

/** A reader connected, resumed and subscribed; the pong means the server handled all of it (in order). */
async function reader(server: LiveTestServer, meetingId: string, token: string, language: string, extra: Record<string, string>) {
  const client = await LiveClient.open(server.wsUrl(meetingId, token, extra));
  client.send({ type: 'resume', lastSeq: 0 });
  client.send({ type: 'subscribe', translationLanguage: language });
  client.send({ type: 'ping' });
  await client.waitFor((m) => m.type === 'pong');
  return client;
}

const joinRecord = (server: LiveTestServer, owner: LiveTestUser, meetingId: string) =>
  call(server.app, 'GET', `/speech/meeting/joinRecord?meetingId=${meetingId}`, { token: owner.token, lang: 'en-US' });

describe('screens and the audience (one instance)', () => {
  let server: LiveTestServer;
  beforeAll(async () => {
    server = await startLiveServer({ engines });
    server.app.services.liveHub.graces = { hostMs: 2000, leaveMs: 100 };
  });
  afterAll(async () => server?.close());

  it('reads subtitles without joining the list or the participant count', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES', 'zh-CN'] });
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const code = await screenCode(server, owner, meeting.id);

    const screen = await reader(server, meeting.id, (await server.visitor()).token, 'zh-CN', { screen: code, name: `Screen ${code}` });
    expect(screen.messages.find((m) => m.type === 'ready')).toMatchObject({ role: 'participant' });
    // Its language is read, so finals are translated into it.
    expect(await server.app.services.liveHub.readingLanguages(meeting.id)).toEqual(['zh-CN']);
    // The host is told how many screens are on, apart from the participants.
    await host.waitFor((m) => m.type === 'screens.connected' && m.count === 1);

    const guest = await reader(server, meeting.id, (await server.visitor()).token, 'es-ES', { name: 'Lucía' });
    await host.waitFor((m) => m.type === 'participant.joined' && m.userName === 'Lucía');
    expect((await server.app.services.liveHub.readingLanguages(meeting.id)).sort()).toEqual(['es-ES', 'zh-CN']);
    // (A language choice is announced as participant.joined again: names, not messages, are counted.)
    expect(new Set(host.stream.filter((m) => m.type === 'participant.joined').map((m) => m.userName))).toEqual(new Set(['Lucía']));
    const list = await joinRecord(server, owner, meeting.id);
    expect(list.data.total).toBe(1);
    expect(list.data.rows.map((row: { userName: string }) => row.userName)).toEqual(['Lucía']);

    // The screen goes: no leave is announced, and nobody reads its language any more.
    screen.close();
    await screen.waitClosed();
    await host.waitFor((m) => m.type === 'screens.connected' && m.count === 0);
    guest.close();
    await host.waitFor((m) => m.type === 'participant.left');
    expect(host.stream.filter((m) => m.type === 'participant.left')).toHaveLength(1);
    expect(await server.app.services.liveHub.readingLanguages(meeting.id)).toEqual([]);
    expect((await joinRecord(server, owner, meeting.id)).data.total).toBe(1);
    host.close();
  });

  it('refuses a code that is not one of this meeting’s screens', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner);
    const other = await server.createMeeting(owner);
    const othersCode = await screenCode(server, owner, other.id);
    for (const code of [othersCode, '000000']) {
      const client = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token, { screen: code }));
      const error = await client.waitFor((m) => m.type === 'error');
      expect(error).toMatchObject({ code: 404, msg: 'No cast screen with this code', fatal: true });
      await client.waitClosed();
    }
    expect((await joinRecord(server, owner, meeting.id)).data.total).toBe(0);
  });
});

describe.skipIf(redis.skipReason)('screens and the audience across two instances (Redis)', () => {
  let a: LiveTestServer;
  let b: LiveTestServer;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    a = await startLiveServer({ dataDir, redisUrl: redis.url, engines });
    b = await startLiveServer({ dataDir, redisUrl: redis.url, engines });
    for (const server of [a, b]) server.app.services.liveHub.graces = { hostMs: 2000, leaveMs: 100 };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('keeps a screen on another instance out of the shared list while its language is read everywhere', async () => {
    const owner = await a.signUp();
    await grantToUserId(a.app.db, a.app.services.clock, owner.id, SVIP, 30);
    const meeting = await a.createMeeting(owner, { translationLanguages: ['es-ES', 'zh-CN'] });
    const host = await LiveClient.open(a.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const code = await screenCode(a, owner, meeting.id);

    const screen = await reader(b, meeting.id, (await b.visitor()).token, 'zh-CN', { screen: code, name: `Screen ${code}` });
    const secondCode = await screenCode(a, owner, meeting.id);
    const second = await reader(a, meeting.id, (await a.visitor()).token, 'es-ES', { screen: secondCode, name: `Screen ${secondCode}` });
    // Screens on both instances are counted together for the host.
    await host.waitFor((m) => m.type === 'screens.connected' && m.count === 2);
    const guest = await reader(a, meeting.id, (await a.visitor()).token, 'es-ES', { name: 'Lucía' });
    await host.waitFor((m) => m.type === 'participant.joined' && m.userName === 'Lucía');
    // The host's instance translates into the screen's language, read only on the other instance.
    expect((await a.app.services.liveHub.readingLanguages(meeting.id)).sort()).toEqual(['es-ES', 'zh-CN']);
    // (A language choice is announced as participant.joined again: names, not messages, are counted.)
    expect(new Set(host.stream.filter((m) => m.type === 'participant.joined').map((m) => m.userName))).toEqual(new Set(['Lucía']));
    for (const server of [a, b]) {
      const list = await joinRecord(server, owner, meeting.id);
      expect(list.data.rows.map((row: { userName: string }) => row.userName)).toEqual(['Lucía']);
    }

    screen.close();
    await screen.waitClosed();
    await host.waitFor((m) => m.type === 'screens.connected' && m.count === 1);
    second.close();
    await second.waitClosed();
    await host.waitFor((m) => m.type === 'screens.connected' && m.count === 0);
    guest.close();
    await host.waitFor((m) => m.type === 'participant.left');
    expect(host.stream.filter((m) => m.type === 'participant.left')).toHaveLength(1);
    expect(await a.app.services.liveHub.readingLanguages(meeting.id)).toEqual([]);
    host.close();
  });
});
