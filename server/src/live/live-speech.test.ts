// The meeting socket end to end on real speech: espeak-ng sentences fed as host audio frames reach a
// participant as finals, first as spoken, then completed with their Spanish translation (apertium), the record keeps the bilingual
// transcript line by line, and silence produces no text at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantKey } from '../domain/meetings/meeting-view';
import { quietNoise } from '../engines/test-audio';
import { call } from '../testing/inject';
import { feed, framesOf, LiveClient, startLiveServer, twoSentences, type LiveTestServer } from '../testing/live-test-kit';

let server: LiveTestServer;
let speech: Awaited<ReturnType<typeof twoSentences>>;

beforeAll(async () => {
  [server, speech] = await Promise.all([startLiveServer(), twoSentences()]);
});
afterAll(async () => {
  await server?.close();
});

function expectContiguous(client: LiveClient, fromSeq: number) {
  const seqs = client.stream.map((m) => m.seq);
  expect(seqs).toEqual(seqs.map((_, i) => fromSeq + i));
}

describe('live meeting on real speech', () => {
  it('gives a participant both sentences as finals with their es-ES translation, and stores them', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'] });
    const guest = await server.visitor();

    const participant = await LiveClient.open(server.wsUrl(meeting.id, guest.token));
    await participant.waitFor((m) => m.type === 'ready');
    participant.send({ type: 'subscribe', translationLanguage: 'es-ES' });
    participant.send({ type: 'resume', lastSeq: 0 });
    await participant.waitFor((m) => m.type === 'transcript');

    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    const ready = await host.waitFor((m) => m.type === 'ready');
    expect(ready).toMatchObject({ role: 'host', state: 'not_started', lastAudioSeq: -1, recognitionLanguage: 'en-US' });
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    await host.waitFor((m) => m.type === 'participant.joined' && m.userId === participantKey(meeting.id, guest.id));

    await feed(host, framesOf(speech.samples), 0, 5, 25);
    // Each line goes out as spoken, then completed with its translation (same segment, later seq).
    const finals = await participant.waitForCount((m) => m.type === 'subtitle.final' && m.text && !m.pending, 2, 60_000);
    const early = participant.stream.filter((m) => m.type === 'subtitle.final' && m.pending);
    expect(early.map((m) => [m.segmentId, m.text, m.translations])).toEqual(finals.map((f) => [f.segmentId, f.text, {}]));
    early.forEach((m, i) => expect(m.seq).toBeLessThan(finals[i]!.seq));
    const words = finals.map((f) => f.text).join(' ');
    expect(words).toMatch(/welcome|meeting|everyone|hello/);
    expect(words).toMatch(/weather|today|good/);
    for (const final of finals) {
      expect(Object.keys(final.translations)).toEqual(['es-ES']);
      expect(final.translations['es-ES']).not.toBe('');
      expect(final.translations['es-ES']).not.toBe(final.text);
      expect(final.endMs).toBeGreaterThan(final.startMs);
    }
    expect(finals[1]!.startMs).toBeGreaterThanOrEqual(finals[0]!.endMs);

    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    expectContiguous(participant, participant.stream[0]!.seq);
    expectContiguous(host, 1);

    // The record: kind meeting, in the list, bilingual lines in order, completed.
    const list = await call(server.app, 'GET', '/speech/audio/transcribe/query?pageSize=10', { token: owner.token });
    const record = list.data.rows.find((r: any) => r.id === meeting.transId);
    expect(record).toMatchObject({ recordType: 'meeting', state: 'translation_completed', showName: 'Standup' });
    const lines = await server.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', meeting.transId).orderBy('position').execute();
    expect(lines.map((l) => l.text)).toEqual(finals.map((f) => f.text));
    expect(lines.map((l) => l.translation)).toEqual(finals.map((f) => f.translations['es-ES']));

    // A late joiner (the owner reading again is refused once ended; a new meeting shows the transcript path).
    const got = await call(server.app, 'GET', `/speech/meeting/getMeeting?id=${meeting.id}`, { token: owner.token });
    expect(got.data).toMatchObject({ state: 'ended' });
    expect(got.data.duration).toBeGreaterThan(5);
    participant.close();
    host.close();
  }, 90_000);

  it('produces no text at all for silence and a quiet room (VAD gate)', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    await host.waitFor((m) => m.type === 'ready');
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    const quiet = new Int16Array(16_000 * 4);
    quiet.set(quietNoise(2000), 16_000 * 2);
    await feed(host, framesOf(quiet));
    host.send({ type: 'control', action: 'pause' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'paused');
    expect(host.stream.filter((m) => m.type.startsWith('subtitle'))).toEqual([]);
    const lines = await server.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', meeting.transId).execute();
    expect(lines).toEqual([]);
    host.close();
  }, 30_000);

  it('drops a participant and the host mid-sentence; both resume with nothing lost or repeated', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const steady = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token));
    steady.send({ type: 'resume', lastSeq: 0 });
    const flakyUser = await server.visitor();
    let flaky = await LiveClient.open(server.wsUrl(meeting.id, flakyUser.token));
    flaky.send({ type: 'resume', lastSeq: 0 });
    let host = await LiveClient.open(server.wsUrl(meeting.id, owner.token, { clientId: 'tab' }));
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await steady.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    const frames = framesOf(speech.samples);
    // The first sentence is under way (about 1.5 s in): both sockets drop.
    const cut = Math.round(1500 / 40);
    await feed(host, frames.slice(0, cut));
    await new Promise((r) => setTimeout(r, 200));
    const received = [...flaky.stream];
    const flakyLast = flaky.lastSeq;
    flaky.socket.close();
    host.socket.close();
    await Promise.all([flaky.waitClosed(), host.waitClosed()]);

    host = await LiveClient.open(server.wsUrl(meeting.id, owner.token, { clientId: 'tab' }));
    const ready = await host.waitFor((m) => m.type === 'ready');
    expect(ready.state).toBe('in_progress');
    // The client resends what it kept from the frame after the last one the server holds: the
    // overlap is ignored, nothing is missing.
    const resendFrom = Math.max(0, ready.lastAudioSeq + 1 - 5);
    await feed(host, frames.slice(resendFrom), resendFrom);
    flaky = await LiveClient.open(server.wsUrl(meeting.id, flakyUser.token));
    flaky.send({ type: 'resume', lastSeq: flakyLast });
    await steady.waitForCount((m) => m.type === 'subtitle.final' && m.text, 2, 60_000);
    host.send({ type: 'control', action: 'stop' });
    await steady.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    await flaky.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    received.push(...flaky.stream);

    const steadySeqs = steady.stream.map((m) => m.seq);
    expect(received.map((m) => m.seq)).toEqual(steadySeqs);
    expectContiguous(steady, steadySeqs[0]!);
    const finals = steady.stream.filter((m) => m.type === 'subtitle.final' && m.text);
    expect(finals.map((f) => f.text).join(' ')).toMatch(/weather|today|good/);
  }, 90_000);
});
