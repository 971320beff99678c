// The meeting socket's protocol without a recogniser in the loop: resume after a dropped socket
// (every message once, none lost), late joiners, presence, and every kind of bad input answered
// with an error while the meeting goes on for everyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantKey } from '../domain/meetings/meeting-view';
import { LIVE_AUDIO_FRAME_MAX_BYTES } from '../../../src/shared/contract/limits';
import { call } from '../testing/inject';
import { loadEngineConfig } from '../engines/config';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';
import { serverMessageProblem } from './live-message-schema';

/** Every message the server sent this client, against the contract's LiveServerMessage. */
const contractProblems = (...clients: LiveClient[]) => clients.flatMap((c) => c.messages.map(serverMessageProblem).filter((p) => p !== null));

let server: LiveTestServer;

beforeAll(async () => {
  // Meetings here subtitle in French, which only a remote translator serves; no text is ever sent to it
  // (finals are published by hand), the setting only lets the meeting be created.
  server = await startLiveServer({ engines: loadEngineConfig({ TRANSLATE_URL: 'http://127.0.0.1:9/' }) });
});
afterAll(async () => {
  await server?.close();
});

async function attached(url: string, lastSeq = 0): Promise<LiveClient> {
  const client = await LiveClient.open(url);
  await client.waitFor((m) => m.type === 'ready');
  client.send({ type: 'resume', lastSeq });
  await client.waitFor((m) => m.type === 'transcript' || m.type === 'pong' || true);
  return client;
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('meeting socket protocol', () => {
  it('resumes a dropped participant with every later message exactly once', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const host = await attached(server.wsUrl(meeting.id, owner.token));
    const steady = await attached(server.wsUrl(meeting.id, (await server.visitor()).token));
    const flaky = await server.visitor();
    let dropping = await attached(server.wsUrl(meeting.id, flaky.token));
    const hub = server.app.services.liveHub;

    host.send({ type: 'control', action: 'start' });
    await steady.waitFor((m) => m.type === 'meeting.state');
    // Stream traffic while the flaky participant drops and comes back, several times.
    const received: any[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) await hub.publish(meeting.id, { type: 'subtitle.partial', segmentId: `s${round}`, startMs: 0, endMs: i, text: `r${round} w${i}`, lang: 'en-US' });
      await dropping.waitFor((m) => m.text === `r${round} w3`);
      received.push(...dropping.stream);
      const lastSeq = dropping.lastSeq;
      dropping.socket.close();
      await dropping.waitClosed();
      // Sent while it is away.
      await hub.publish(meeting.id, { type: 'subtitle.partial', segmentId: `gap${round}`, startMs: 0, endMs: 0, text: `gap ${round}`, lang: 'en-US' });
      dropping = await LiveClient.open(server.wsUrl(meeting.id, flaky.token));
      await dropping.waitFor((m) => m.type === 'ready');
      dropping.send({ type: 'resume', lastSeq });
      await dropping.waitFor((m) => m.text === `gap ${round}`);
    }
    await hub.publish(meeting.id, { type: 'subtitle.partial', segmentId: 'end', startMs: 0, endMs: 0, text: 'end', lang: 'en-US' });
    await dropping.waitFor((m) => m.text === 'end');
    await steady.waitFor((m) => m.text === 'end');
    received.push(...dropping.stream);
    expect(contractProblems(host, steady, dropping)).toEqual([]);

    const steadySeqs = steady.stream.map((m) => m.seq);
    const flakySeqs = received.map((m) => m.seq).filter((s) => s >= steadySeqs[0]!);
    expect(new Set(flakySeqs).size).toBe(flakySeqs.length);
    expect(flakySeqs).toEqual(steadySeqs);
    // Reconnects within the grace are not a leave and a new join.
    expect(host.stream.filter((m) => m.type === 'participant.joined' && m.userId === participantKey(meeting.id, flaky.id))).toHaveLength(1);
    expect(host.stream.filter((m) => m.type === 'participant.left')).toEqual([]);
    host.close();
    steady.close();
    dropping.close();
  });

  it('gives a late joiner the transcript so far, then the live stream', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES', 'fr-FR'] });
    const row = (await server.app.services.meetings.find(meeting.id))!;
    for (const [i, text] of ['first line', 'second line'].entries()) {
      const published = await server.app.services.liveHub.publish(meeting.id, { type: 'subtitle.final', segmentId: `seg${i}`, startMs: i * 1000, endMs: i * 1000 + 900, text, lang: 'en-US', translations: { 'es-ES': `es ${text}`, 'fr-FR': `fr ${text}` } });
      await server.app.services.meetings.appendFinal(row, { seq: published.seq, segmentId: `00000000-0000-0000-0000-00000000000${i}`, lang: 'en-US', startMs: i * 1000, endMs: i * 1000 + 900, text, translations: { 'es-ES': `es ${text}`, 'fr-FR': `fr ${text}` }, translationErrors: {} }, 2000);
    }
    const late = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token));
    await late.waitFor((m) => m.type === 'ready');
    late.send({ type: 'subscribe', translationLanguage: 'fr-FR' });
    late.send({ type: 'resume', lastSeq: 0 });
    const transcript = await late.waitFor((m) => m.type === 'transcript');
    expect(transcript.segments.map((s: any) => s.text)).toEqual(['first line', 'second line']);
    expect(transcript.segments.map((s: any) => s.translations)).toEqual([{ 'fr-FR': 'fr first line' }, { 'fr-FR': 'fr second line' }]);
    await server.app.services.liveHub.publish(meeting.id, { type: 'subtitle.final', segmentId: 'seg3', startMs: 0, endMs: 1, text: 'third', lang: 'en-US', translations: { 'es-ES': 'es', 'fr-FR': 'fr' } });
    const third = await late.waitFor((m) => m.text === 'third');
    expect(third.translations).toEqual({ 'fr-FR': 'fr' });
    expect(third.seq).toBeGreaterThan(transcript.seq);
    expect(contractProblems(late)).toEqual([]);
    late.close();
  });

  it('answers every bad input with an error and the meeting goes on', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const guest = await server.visitor();
    const host = await attached(server.wsUrl(meeting.id, owner.token, { clientId: 'tab-1' }));
    const participant = await attached(server.wsUrl(meeting.id, guest.token));
    const errorOf = async (client: LiveClient, count: number) => (await client.waitForCount((m) => m.type === 'error', count))[count - 1]!;

    // Audio before start.
    host.sendFrame(0, Buffer.alloc(640));
    expect(await errorOf(host, 1)).toMatchObject({ code: 409, msgKey: 'live:notRecording', fatal: false, msg: 'Audio is only accepted while the meeting is in progress' });
    host.send({ type: 'control', action: 'start' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    // Malformed: odd byte count, a header alone, not JSON, unknown type, bad resume.
    host.socket.send(Buffer.alloc(7));
    expect(await errorOf(host, 2)).toMatchObject({ code: 400, msgKey: 'live:frameMalformed' });
    host.socket.send(Buffer.alloc(3));
    expect(await errorOf(host, 3)).toMatchObject({ code: 400, msgKey: 'live:frameMalformed' });
    host.socket.send('{not json');
    expect(await errorOf(host, 4)).toMatchObject({ code: 400, msgKey: 'live:badMessage' });
    host.send({ type: 'dance' });
    expect(await errorOf(host, 5)).toMatchObject({ code: 400, msgKey: 'live:badMessage' });
    host.send({ type: 'audio', seq: 1, data: '!!!' });
    expect(await errorOf(host, 6)).toMatchObject({ code: 400, msgKey: 'live:frameMalformed' });
    // Oversized, binary and JSON.
    host.sendFrame(2, Buffer.alloc(LIVE_AUDIO_FRAME_MAX_BYTES + 2));
    expect(await errorOf(host, 7)).toMatchObject({ code: 400, msgKey: 'live:frameTooLarge' });
    host.send({ type: 'audio', seq: 3, data: Buffer.alloc(LIVE_AUDIO_FRAME_MAX_BYTES + 2).toString('base64') });
    expect(await errorOf(host, 8)).toMatchObject({ code: 400, msgKey: 'live:frameTooLarge' });
    // A participant sending audio or controls, or asking for a language the meeting lacks.
    participant.sendFrame(0, Buffer.alloc(640));
    expect(await errorOf(participant, 1)).toMatchObject({ code: 403, msgKey: 'live:participantAudio', fatal: false });
    participant.send({ type: 'control', action: 'stop' });
    expect(await errorOf(participant, 2)).toMatchObject({ code: 403, msgKey: 'live:hostOnly' });
    participant.send({ type: 'subscribe', translationLanguage: 'de-DE' });
    expect(await errorOf(participant, 3)).toMatchObject({ code: 422, msgKey: 'live:languageNotOffered' });
    // An impossible transition.
    host.send({ type: 'control', action: 'resume' });
    expect(await errorOf(host, 9)).toMatchObject({ code: 409, msgKey: 'live:invalidTransition' });
    // A second host connection (another tab) is refused; the first stays.
    const second = await LiveClient.open(server.wsUrl(meeting.id, owner.token, { clientId: 'tab-2' }));
    expect(await second.waitFor((m) => m.type === 'error')).toMatchObject({ code: 409, msgKey: 'live:hostAlreadyConnected', fatal: true });
    expect(await second.waitClosed()).toBe(4409);
    // Unknown meeting, bad token.
    const unknown = await LiveClient.open(server.wsUrl('no-such-meeting', owner.token));
    expect(await unknown.waitFor((m) => m.type === 'error')).toMatchObject({ code: 404, msgKey: 'live:meetingNotFound' });
    expect(await unknown.waitClosed()).toBe(4404);
    const anonymous = await LiveClient.open(server.wsUrl(meeting.id, 'not-a-token'));
    expect(await anonymous.waitFor((m) => m.type === 'error')).toMatchObject({ code: 401, msgKey: 'live:unauthorized' });

    // The meeting went on: the host still controls, the participant still receives.
    host.send({ type: 'ping' });
    await host.waitFor((m) => m.type === 'pong');
    host.send({ type: 'control', action: 'pause' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'paused');
    host.sendFrame(10, Buffer.alloc(640)); // paused: dropped without an error
    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    await settle();
    expect(host.messages.filter((m) => m.type === 'error')).toHaveLength(9);
    expect(contractProblems(host, participant, second, unknown, anonymous)).toEqual([]);

    // After stop: the meeting is over for new connections, its share link is expired.
    const afterEnd = await LiveClient.open(server.wsUrl(meeting.id, guest.token));
    expect(await afterEnd.waitFor((m) => m.type === 'error')).toMatchObject({ code: 410, msgKey: 'live:meetingLinkExpired' });
    const hostAgain = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    expect(await hostAgain.waitFor((m) => m.type === 'error')).toMatchObject({ code: 410, msgKey: 'live:meetingEnded' });
    const zh = await LiveClient.open(server.wsUrl(meeting.id, guest.token, { lang: 'zh-CN' }));
    expect((await zh.waitFor((m) => m.type === 'error')).msg).toBe('会议链接已失效');
  });

  it('leaves a meeting paused when the host connection is lost, and stopMeeting repairs it', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const participant = await attached(server.wsUrl(meeting.id, (await server.visitor()).token));
    const host = await attached(server.wsUrl(meeting.id, owner.token, { clientId: 'a' }));
    host.send({ type: 'control', action: 'start' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    // Frame numbers start at 1 (0 means 'nothing received yet' in ready.lastAudioSeq).
    host.sendFrame(1, Buffer.alloc(640));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A reconnect of the same tab replaces the old socket and keeps recording.
    const again = await attached(server.wsUrl(meeting.id, owner.token, { clientId: 'a' }));
    expect(await again.waitFor((m) => m.type === 'ready')).toMatchObject({ state: 'in_progress', lastAudioSeq: 1 });
    expect(await host.waitClosed()).toBe(4001);
    // The host goes away for good: after the grace the meeting is paused (hostLost).
    server.app.services.liveHub.graces.hostMs = 300;
    again.socket.close();
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'paused', 20_000);
    expect(participant.stream.at(-1)).toMatchObject({ reason: 'hostLost' });
    const stopped = await call(server.app, 'POST', '/speech/meeting/stopMeeting', { token: owner.token, body: { id: meeting.id } });
    expect(stopped.data).toMatchObject({ state: 'ended' });
    // The answer is read after the recording closed, so it carries the recorded duration.
    expect(stopped.data.duration).toBeGreaterThan(0);
    const ended = await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    expect(ended.reason).toBe('repaired');
    const record = await server.app.db.selectFrom('records').selectAll().where('id', '=', meeting.transId).executeTakeFirstOrThrow();
    expect(record.state).toBe('translation_completed');
    server.app.services.liveHub.graces.hostMs = 10_000;
  }, 30_000);

  it('ends participants when the share link is closed', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const participant = await attached(server.wsUrl(meeting.id, (await server.visitor()).token));
    const closed = await call(server.app, 'POST', '/speech/meeting/edit', { token: owner.token, body: { id: meeting.id, shareStatus: '0' } });
    expect(closed.data.shareStatus).toBe('0');
    expect(await participant.waitFor((m) => m.type === 'error')).toMatchObject({ code: 410, msgKey: 'live:meetingLinkExpired', fatal: true });
    expect(await participant.waitClosed()).toBe(4410);
  });
});
