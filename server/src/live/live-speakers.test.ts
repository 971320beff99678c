// Issue 26 §4 and §6 over the meeting socket on synthesised speech: speech that begins the moment
// the host presses Start is transcribed from its first word (the audio waits while the recogniser
// starts), and two different voices alternating get two speaker labels, which the host renames for
// everyone connected and which the meeting's record keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatSamples, makeTempDir, readSamples, silence, speak, trimSilence } from '../engines/test-audio';
import { call } from '../testing/inject';
import { feed, framesOf, LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

// A low male and a high female espeak variant, as in the diarizer tests.
const VOICE_A = { voice: 'en-us+m3', pitch: 35, speed: 140, wordGapMs: 60 };
const VOICE_B = { voice: 'en-us+f2', pitch: 70, speed: 140, wordGapMs: 60 };

let server: LiveTestServer;
let atOnce: Int16Array;
let dialogue: Int16Array;

beforeAll(async () => {
  const dir = await makeTempDir();
  const [started, a0, b0, a1, b1] = await Promise.all([
    speak(dir, 'at-once', 'hello everyone and welcome to the meeting', { speed: 140 }),
    speak(dir, 'a0', 'the weather is nice today and we can walk to the park', VOICE_A),
    speak(dir, 'b0', 'please send me the report before friday afternoon', VOICE_B),
    speak(dir, 'a1', 'our team finished the new design last week', VOICE_A),
    speak(dir, 'b1', 'i think we should call the client again tomorrow', VOICE_B),
  ]).then((paths) => Promise.all(paths.map(readSamples)));
  // No lead silence at all: the first sample is already speech.
  atOnce = concatSamples([trimSilence(started!), silence(1500)]);
  const gap = silence(1500);
  dialogue = concatSamples([silence(300), a0!, gap, b0!, gap, a1!, gap, b1!, gap]);
  server = await startLiveServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function hostOf(meetingId: string, token: string): Promise<LiveClient> {
  const host = await LiveClient.open(server.wsUrl(meetingId, token));
  await host.waitFor((m) => m.type === 'ready');
  host.send({ type: 'resume', lastSeq: 0 });
  return host;
}

describe('live meeting from the first word, with speaker turns', () => {
  it('transcribes speech that begins the moment Start is pressed, first words included', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const host = await hostOf(meeting.id, owner.token);
    // Start and the audio leave together, as the page sends them when the host presses Start: the
    // frames arrive while the meeting is still changing state and the recogniser is starting.
    host.send({ type: 'control', action: 'start' });
    await feed(host, framesOf(atOnce));
    const first = await host.waitFor((m) => m.type === 'subtitle.final' && m.text, 60_000);
    expect(first.text).toMatch(/^(hello|hi|hell|yellow|hallo|below)\b/);
    expect(first.text).toMatch(/everyone|every|welcome|meeting/);
    expect(first.startMs).toBeLessThan(300);
    host.send({ type: 'control', action: 'stop' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    host.close();
  }, 90_000);

  it('labels two alternating voices 1 and 2 for host and participants; the host renames one for everyone; the record keeps them', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const guest = await server.visitor();
    const participant = await LiveClient.open(server.wsUrl(meeting.id, guest.token));
    await participant.waitFor((m) => m.type === 'ready');
    participant.send({ type: 'subscribe', translationLanguage: 'es-ES' });
    participant.send({ type: 'resume', lastSeq: 0 });
    const host = await hostOf(meeting.id, owner.token);
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    await feed(host, framesOf(dialogue), 0, 5, 25);
    const finals = await participant.waitForCount((m) => m.type === 'subtitle.final' && m.text && !m.pending, 4, 90_000);
    expect(finals.map((f) => f.speakerIndex)).toEqual([1, 2, 1, 2]);
    expect(finals.map((f) => f.speaker)).toEqual([null, null, null, null]);
    const hostFinals = await host.waitForCount((m) => m.type === 'subtitle.final' && m.text && !m.pending, 4, 30_000);
    expect(hostFinals.map((f) => f.speakerIndex)).toEqual([1, 2, 1, 2]);

    // Someone else cannot rename; a blank name is refused; the host's rename reaches everyone.
    const stranger = await server.signUp('stranger');
    const rename = (token: string, body: Record<string, unknown>) => call(server.app, 'POST', '/speech/meeting/renameSpeaker', { token, body });
    expect((await rename(stranger.token, { id: meeting.id, speakerIndex: 2, name: 'Grace' })).code).toBe(404);
    expect((await rename(owner.token, { id: meeting.id, speakerIndex: 2, name: '   ' })).code).toBe(400);
    expect((await rename(owner.token, { id: meeting.id, speakerIndex: 2, name: ' Grace ' })).code).toBe(200);
    const renamed = await participant.waitFor((m) => m.type === 'speaker.renamed');
    expect(renamed).toMatchObject({ speakerIndex: 2, name: 'Grace' });
    await host.waitFor((m) => m.type === 'speaker.renamed' && m.name === 'Grace');

    // A late reader's transcript carries the names.
    const replay = await server.app.services.meetings.finalsAfter(meeting.id, 0);
    expect(replay.filter((f) => f.text).map((f) => [f.speakerIndex, f.speaker])).toEqual([
      [1, null],
      [2, 'Grace'],
      [1, null],
      [2, 'Grace'],
    ]);

    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    const lines = await server.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', meeting.transId).orderBy('position').execute();
    const speakers = [...new Set(lines.map((line) => line.speaker))];
    expect(speakers).toEqual(['Speaker 1', 'Grace']);
    // Each record line keeps the speaker of the final it was cut from.
    const byFinal = new Map(finals.map((f) => [f.segmentId, f.speakerIndex === 1 ? 'Speaker 1' : 'Grace']));
    for (const line of lines) if (byFinal.has(line.id)) expect(line.speaker).toBe(byFinal.get(line.id));
    participant.close();
    host.close();
  }, 150_000);
});
