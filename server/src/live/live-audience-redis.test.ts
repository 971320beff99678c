// The audience across two instances on one Redis: a participant who drops from instance B and comes
// back on instance A within the leave grace keeps one join record (no second join, no leave); the
// language read on B is a reading language on A (where the host records); the joined list, read on
// either instance, has the name, language, join and leave time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantKey } from '../domain/meetings/meeting-view';
import { loadEngineConfig } from '../engines/config';
import { call } from '../testing/inject';
import { redisVariant } from '../testing/redis-variant';
import { tempDataDir } from '../testing/test-config';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

const redis = await redisVariant('Redis audience test');

describe.skipIf(redis.skipReason)('live audience over Redis', () => {
  let a: LiveTestServer;
  let b: LiveTestServer;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    // The meeting reads Chinese, which only a remote translator serves: the setting lets it be created;
    // nothing here needs a translation made.
    const engines = loadEngineConfig({ TRANSLATE_URL: 'http://127.0.0.1:9/' });
    a = await startLiveServer({ dataDir, redisUrl: redis.url, engines });
    b = await startLiveServer({ dataDir, redisUrl: redis.url, engines });
    for (const server of [a, b]) server.app.services.liveHub.graces = { hostMs: 2000, leaveMs: 1500 };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('keeps one join per participant across instances and shares the languages read', async () => {
    const owner = await a.signUp();
    const meeting = await a.createMeeting(owner, { translationLanguages: ['es-ES', 'zh-CN'] });
    const host = await LiveClient.open(a.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const guestUser = await b.visitor();
    const key = participantKey(meeting.id, guestUser.id);
    const onB = await LiveClient.open(b.wsUrl(meeting.id, guestUser.token, { name: 'Lucía' }));
    onB.send({ type: 'resume', lastSeq: 0 });
    onB.send({ type: 'subscribe', translationLanguage: 'zh-CN' });
    await host.waitFor((m) => m.type === 'participant.joined' && m.userId === key && m.translationLanguage === 'zh-CN');
    expect(await a.app.services.liveHub.readingLanguages(meeting.id)).toEqual(['zh-CN']);

    // Drops from B, back on A within the grace: the same join continues.
    onB.close();
    await onB.waitClosed();
    const onA = await LiveClient.open(a.wsUrl(meeting.id, guestUser.token, { name: 'Lucía' }));
    onA.send({ type: 'resume', lastSeq: 0 });
    onA.send({ type: 'subscribe', translationLanguage: 'zh-CN' });
    await onA.waitFor((m) => m.type === 'participant.joined' && m.userId === key);
    // Past B's leave grace: B's timer finds the participant still connected (on A), so no leave.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(host.stream.filter((m) => m.type === 'participant.left')).toEqual([]);
    expect(await b.app.services.liveHub.readingLanguages(meeting.id)).toEqual(['zh-CN']);
    const during = await call(b.app, 'GET', `/speech/meeting/joinRecord?meetingId=${meeting.id}`, { token: owner.token, lang: 'en-US' });
    expect(during.data.total).toBe(1);
    expect(during.data.rows[0]).toMatchObject({ index: 1, userName: 'Lucía', translationLanguage: 'zh-CN', leaveTime: null });

    onA.close();
    await host.waitFor((m) => m.type === 'participant.left' && m.userId === key);
    expect(await b.app.services.liveHub.readingLanguages(meeting.id)).toEqual([]);
    const after = await call(a.app, 'GET', `/speech/meeting/joinRecord?meetingId=${meeting.id}`, { token: owner.token, lang: 'en-US' });
    expect(after.data.total).toBe(1);
    expect(after.data.rows[0].leaveTime).toBeTruthy();
    expect(Date.parse(after.data.rows[0].leaveTime)).toBeGreaterThanOrEqual(Date.parse(after.data.rows[0].joinTime));
    host.close();
  });
});
