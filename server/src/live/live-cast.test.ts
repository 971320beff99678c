// Cast screens: the host makes a code per screen (several screens show one meeting), and
// screenOperation reaches the screens on the meeting socket as cast.control — pause, resume, a
// screen's language and font size — for the owner only, within the meeting's languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../engines/config';
import { call } from '../testing/inject';
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

describe('cast screens', () => {
  let server: LiveTestServer;
  beforeAll(async () => {
    // The meeting reads Chinese, which only a remote translator serves: the setting lets it be created;
    // nothing here needs a translation made.
    server = await startLiveServer({ engines: loadEngineConfig({ TRANSLATE_URL: 'http://127.0.0.1:9/' }) });
  });
  afterAll(async () => server?.close());

  const post = (token: string, path: string, body: unknown) => call(server.app, 'POST', path, { token, body, lang: 'en-US' });

  it('controls each of several screens, for the owner only', async () => {
    const owner = await server.signUp();
    // Multi-screen casting is an SVIP right (features §6).
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES', 'zh-CN'] });
    const first = (await post(owner.token, '/speech/meeting/createScreenCode', { meetingId: meeting.id })).data;
    const second = (await post(owner.token, '/speech/meeting/createScreenCode', { meetingId: meeting.id })).data;
    expect(first.code).not.toBe(second.code);

    // Each screen is a visitor that resolves its code, then reads the meeting's socket.
    const screens = await Promise.all(
      [first, second].map(async (screen) => {
        const visitor = await server.visitor();
        const link = await call(server.app, 'GET', `/speech/meeting/getNetworkLink?shortCode=${screen.code}`, { token: visitor.token });
        expect(link.data.meetingId).toBe(meeting.id);
        const client = await LiveClient.open(server.wsUrl(meeting.id, visitor.token));
        client.send({ type: 'resume', lastSeq: 0 });
        await client.waitFor((m) => m.type === 'ready');
        return client;
      }),
    );

    const op = (body: Record<string, unknown>, token = owner.token) => post(token, '/speech/meeting/screenOperation', { meetingId: meeting.id, ...body });
    expect((await op({ action: 'style', code: first.code, translationLanguage: 'zh-cn', fontSize: 64 })).code).toBe(200);
    expect((await op({ action: 'pause', code: second.code })).code).toBe(200);
    expect((await op({ action: 'resume', code: second.code })).code).toBe(200);
    const control = (client: LiveClient) => client.waitForCount((m) => m.type === 'cast.control', 3);
    for (const client of screens) {
      const messages = await control(client);
      // Every screen hears every control; each keeps those for its own code.
      expect(messages.map((m) => [m.action, m.code])).toEqual([
        ['style', first.code],
        ['pause', second.code],
        ['resume', second.code],
      ]);
      expect(messages[0]).toMatchObject({ translationLanguage: 'zh-CN', fontSize: 64 });
    }

    // Limits: a language the meeting lacks, a font size out of range, a code of no screen, someone else.
    const refused = await op({ action: 'style', code: first.code, translationLanguage: 'fr-FR' });
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain('fr-FR');
    expect((await op({ action: 'style', code: first.code, fontSize: 500 })).code).toBe(400);
    expect((await op({ action: 'pause' })).code).toBe(404);
    expect((await op({ action: 'pause', code: first.code === '000000' ? '000001' : '000000' })).code).toBe(404);
    const stranger = await server.signUp('stranger');
    // Without SVIP the right itself is missing; with it, another host's meeting is still not found.
    expect((await op({ action: 'pause', code: first.code }, stranger.token)).code).toBe(92505003);
    await grantToUserId(server.app.db, server.app.services.clock, stranger.id, SVIP, 30);
    expect((await op({ action: 'pause', code: first.code }, stranger.token)).code).toBe(404);
    const presets = await call(server.app, 'GET', '/speech/meeting/getScreenPresets', { token: owner.token, lang: 'en-US' });
    expect(presets.data.map((p: { id: string }) => p.id)).toEqual(['classic', 'large', 'light']);

    // A visitor may not make a code: the contract refuses the visitor token first (401); the SVIP
    // check behind it (meeting-permissions.ts) is tested on its own.
    const visitor = await server.visitor();
    const visitorAnswer = await post(visitor.token, '/speech/meeting/createScreenCode', { meetingId: meeting.id });
    expect(visitorAnswer.code).toBe(401);

    // After the end, no screen can be controlled.
    await post(owner.token, '/speech/meeting/stopMeeting', { id: meeting.id });
    expect((await op({ action: 'resume', code: first.code })).code).toBe(410);
    for (const client of screens) client.close();
  });

  it('refuses a cast code, with the reason translated, while sharing is closed', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'] });
    await post(owner.token, '/speech/meeting/edit', { id: meeting.id, shareStatus: '0' });
    const refused = await call(server.app, 'POST', '/speech/meeting/createScreenCode', { token: owner.token, body: { meetingId: meeting.id }, lang: 'zh-TW' });
    expect(refused).toMatchObject({ code: 409, msg: '請先開啟分享再投影：投影畫面透過會議的分享連結顯示' });
    await post(owner.token, '/speech/meeting/edit', { id: meeting.id, shareStatus: '1' });
    expect((await post(owner.token, '/speech/meeting/createScreenCode', { meetingId: meeting.id })).code).toBe(200);
  });
});
