// A zh-CN meeting whose recognition is a remote streaming server (Vosk protocol, local fake): the
// participant reads zh-CN partials and finals with word times and their en-US translation
// (LibreTranslate protocol, local fake), and the engine connection dropped mid-utterance costs no
// words: the adapter replays the audio the server had not finalised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../engines/config';
import { startFakeService, type FakeService } from '../engines/fake-service';
import { fakeSpeech, startFakeVoskServer, type FakeVoskServer } from '../engines/vosk-stream/fake-vosk-server';
import { feed, LiveClient, startLiveServer, FRAME_BYTES, type LiveTestServer } from '../testing/live-test-kit';

const LEXICON = ['大家好', '欢迎', '参加', '会议'];
const ENGLISH: Record<string, string> = { 大家好欢迎: 'Hello everyone, welcome', 参加会议: 'to the meeting' };

let vosk: FakeVoskServer;
let libre: FakeService;
let server: LiveTestServer;

beforeAll(async () => {
  // The first engine connection dies 1.3 s in, in the middle of the first utterance.
  vosk = await startFakeVoskServer({ lexicon: LEXICON, dropFirstAfterBytes: 1300 * 32 });
  libre = await startFakeService((request) => ({ json: { translatedText: request.json<{ q: string[] }>().q.map((q) => ENGLISH[q] ?? `?${q}`) } }));
  server = await startLiveServer({
    engines: { ...loadEngineConfig({ ASR_STREAM_URL_ZH_CN: vosk.url, TRANSLATE_URL_ZH_TO_EN: libre.url }) },
  });
});
afterAll(async () => {
  await server?.close();
  await vosk?.close();
  await libre?.close();
});

function framesOf(audio: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let at = 0; at < audio.length; at += FRAME_BYTES) frames.push(audio.subarray(at, at + FRAME_BYTES));
  return frames;
}

describe('live meeting on a streaming recognition server', () => {
  it('a participant reads zh-CN subtitles from the streaming adapter, translated, across an engine reconnect', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { recognitionLanguages: ['zh-CN'], translationLanguages: ['en-US'] });
    const guest = await server.visitor();
    const participant = await LiveClient.open(server.wsUrl(meeting.id, guest.token));
    await participant.waitFor((m) => m.type === 'ready');
    participant.send({ type: 'subscribe', translationLanguage: 'en-US' });
    participant.send({ type: 'resume', lastSeq: 0 });
    await participant.waitFor((m) => m.type === 'transcript');

    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    const ready = await host.waitFor((m) => m.type === 'ready');
    expect(ready).toMatchObject({ recognitionLanguage: 'zh-CN' });
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    const audio = fakeSpeech([
      { silenceMs: 400 }, { word: 0, ms: 600 }, { word: 1, ms: 600 }, { silenceMs: 600 },
      { word: 2, ms: 500 }, { word: 3, ms: 500 }, { silenceMs: 600 },
    ]);
    await feed(host, framesOf(audio), 0, 5, 10);
    const finals = await participant.waitForCount((m) => m.type === 'subtitle.final' && m.text && !m.pending, 2, 30_000);
    expect(finals.map((f) => [f.text, f.lang, f.translations['en-US']])).toEqual([
      ['大家好欢迎', 'zh-CN', 'Hello everyone, welcome'],
      ['参加会议', 'zh-CN', 'to the meeting'],
    ]);
    // Times of the audio written, kept across the reconnect (the replay restarts the engine's clock).
    expect([finals[0]!.startMs, finals[0]!.endMs]).toEqual([400, 1600]);
    expect([finals[1]!.startMs, finals[1]!.endMs]).toEqual([2200, 3200]);
    expect(participant.stream.some((m) => m.type === 'subtitle.partial' && m.text === '大家好')).toBe(true);
    expect(vosk.connections).toBeGreaterThanOrEqual(2);

    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    const lines = await server.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', meeting.transId).orderBy('position').execute();
    expect(lines.map((l) => [l.text, l.translation])).toEqual([['大家好欢迎', 'Hello everyone, welcome'], ['参加会议', 'to the meeting']]);
    participant.close();
    host.close();
  }, 60_000);
});
