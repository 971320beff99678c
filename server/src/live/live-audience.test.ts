// The audience of a live meeting on one instance: a participant's given name and chosen language in
// the host's list and the join record, live language switches, and the reader counts that decide
// which languages finals are translated into.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantKey } from '../domain/meetings/meeting-view';
import { loadEngineConfig } from '../engines/config';
import { call } from '../testing/inject';
import { translationTargets } from './final-translations';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

describe('translation targets', () => {
  it('keeps the first meeting language and the others someone reads', async () => {
    const meeting = ['es-ES', 'zh-CN', 'fr-FR'];
    expect(await translationTargets('en-US', meeting, async () => [])).toEqual(['es-ES']);
    expect(await translationTargets('en-US', meeting, async () => ['fr-fr', 'de-DE'])).toEqual(['es-ES', 'fr-FR']);
    expect(await translationTargets('en-US', meeting)).toEqual(meeting);
  });

  it('never translates into the spoken language (its readers get the line once)', async () => {
    const meeting = ['en-US', 'zh-CN', 'en-GB', 'zh-TW'];
    // The first meeting language is the record's; when it is the spoken one the record keeps the line as spoken.
    expect(await translationTargets('en-US', meeting, async () => ['en-us', 'en-GB', 'zh-TW'])).toEqual(['zh-TW']);
    expect(await translationTargets('zh-CN', meeting)).toEqual(['en-US', 'en-GB', 'zh-TW']);
  });
});

describe('live audience', () => {
  let server: LiveTestServer;
  beforeAll(async () => {
    // The meeting reads Chinese, which only a remote translator serves: the setting lets it be created;
    // nothing here needs a translation made.
    server = await startLiveServer({ engines: loadEngineConfig({ TRANSLATE_URL: 'http://127.0.0.1:9/' }) });
    server.app.services.liveHub.graces = { hostMs: 100, leaveMs: 100 };
  });
  afterAll(async () => server?.close());

  it('names the participant as they asked, follows their language, and counts readers', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES', 'zh-CN'] });
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const guestUser = await server.visitor();
    const key = participantKey(meeting.id, guestUser.id);
    // Control characters go and the name is cut to 40 characters.
    const guest = await LiveClient.open(server.wsUrl(meeting.id, guestUser.token, { name: `  Ana\u0007 María ${'x'.repeat(60)}` }));
    guest.send({ type: 'resume', lastSeq: 0 });
    const joined = await host.waitFor((m) => m.type === 'participant.joined' && m.userId === key);
    expect(joined.userName).toBe(`Ana María ${'x'.repeat(30)}`);
    expect(await server.app.services.liveHub.readingLanguages(meeting.id)).toEqual([]);

    guest.send({ type: 'subscribe', translationLanguage: 'zh-CN' });
    const chose = await host.waitFor((m) => m.type === 'participant.joined' && m.translationLanguage === 'zh-CN');
    expect(chose.joinTime).toBe(joined.joinTime);
    expect(await server.app.services.liveHub.readingLanguages(meeting.id)).toEqual(['zh-CN']);

    // Switching live: the old language is no longer read.
    guest.send({ type: 'subscribe', translationLanguage: 'es-ES' });
    await host.waitFor((m) => m.type === 'participant.joined' && m.translationLanguage === 'es-ES');
    expect(await server.app.services.liveHub.readingLanguages(meeting.id)).toEqual(['es-ES']);

    // A language the meeting does not offer is refused and changes nothing.
    guest.send({ type: 'subscribe', translationLanguage: 'fr-FR' });
    await guest.waitFor((m) => m.type === 'error' && m.msgKey === 'live:languageNotOffered');

    guest.close();
    await host.waitFor((m) => m.type === 'participant.left' && m.userId === key);
    expect(await server.app.services.liveHub.readingLanguages(meeting.id)).toEqual([]);

    const list = await call(server.app, 'GET', `/speech/meeting/joinRecord?meetingId=${meeting.id}`, { token: owner.token, lang: 'en-US' });
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ index: 1, userId: key, userName: `Ana María ${'x'.repeat(30)}`, translationLanguage: 'es-ES' });
    expect(list.data.rows[0].leaveTime).toBeTruthy();
    host.close();
  });

  it('names a participant who gives no name by their account', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const guestUser = await server.visitor();
    const guest = await LiveClient.open(server.wsUrl(meeting.id, guestUser.token, { name: ' \u200b ' }));
    guest.send({ type: 'resume', lastSeq: 0 });
    const joined = await host.waitFor((m) => m.type === 'participant.joined');
    expect(joined.userName).toBe('visitor');
    guest.close();
    host.close();
  });
});
