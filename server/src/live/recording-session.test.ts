// Opening a recording warms the translation pipelines of every target language, so the first final
// subtitle does not wait for a translator process to start. A final goes out as spoken, its translations
// follow (same segment, later seq) without holding up the next line. A final is stored before any client can
// see it (a kill in between must not lose a subtitle the audience saw), and a final that could not be
// stored is never published: the host hears about it and the stream goes on without a gap.
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import type { Engines } from '../engines/registry';
import type { RecognitionStream, StreamResult } from '../engines/types';
import type { FinalCompletion, FinalToStore, MeetingsService } from '../domain/meetings/meetings-service';
import { createInProcessBus, type StreamMessage } from './live-bus';
import type { LiveSocketError } from './live-errors';
import { RecordingSession, type RecordingSessionDeps } from './recording-session';

const textOf = (m: StreamMessage) => ('text' in m ? m.text : undefined);

function fakeStream(): RecognitionStream {
  const results$ = new Subject<StreamResult>();
  return { write: () => undefined, end: () => results$.complete(), abort: () => results$.complete(), results$ };
}

describe('RecordingSession.open', () => {
  it('prepares a translator for each translation language of the meeting', () => {
    const prepareTranslation = vi.fn();
    const engines = { recognizerFor: () => ({ createStream: fakeStream }), prepareTranslation } as unknown as Engines;
    const meeting = {
      id: 'm1',
      recognition_languages: JSON.stringify(['en-US']),
      translation_languages: JSON.stringify(['es-ES', 'zh-CN']),
      audio_ms: 0,
    } as unknown as MeetingRow;
    const deps = { engines, meetings: {}, bus: {}, log: { warn: () => undefined }, onFailure: () => undefined } as unknown as RecordingSessionDeps;
    const session = new RecordingSession(meeting, deps);
    expect(prepareTranslation).not.toHaveBeenCalled();
    session.open();
    expect(prepareTranslation.mock.calls).toEqual([
      ['en-US', 'es-ES'],
      ['en-US', 'zh-CN'],
    ]);
    session.abort();
  });
});

describe('RecordingSession finals', () => {
  const meeting = {
    id: 'm1',
    recognition_languages: JSON.stringify(['en-US']),
    translation_languages: JSON.stringify(['es-ES']),
    audio_ms: 0,
  } as unknown as MeetingRow;

  function harness(appendFinal: (final: FinalToStore) => Promise<void>) {
    const results$ = new Subject<StreamResult>();
    const stream: RecognitionStream = { write: () => undefined, end: () => results$.complete(), abort: () => results$.complete(), results$ };
    const engines = {
      recognizerFor: () => ({ createStream: () => stream }),
      prepareTranslation: () => undefined,
      translatorFor: () => ({ translate: async (texts: string[]) => texts.map((t) => `es ${t}`) }),
    } as unknown as Engines;
    const events: string[] = [];
    const published: StreamMessage[] = [];
    const failures: LiveSocketError[] = [];
    const completions: FinalCompletion[] = [];
    const bus = createInProcessBus();
    const meetings = {
      appendFinal: async (_row: MeetingRow, final: FinalToStore) => {
        events.push(`store ${final.seq} ${final.text}`);
        await appendFinal(final);
        return [{ id: final.segmentId, text: final.text }];
      },
      completeFinal: async (_row: MeetingRow, completion: FinalCompletion) => {
        events.push(`complete ${completion.seq} ${JSON.stringify(completion.translations)}`);
        completions.push(completion);
      },
      addAudio: async () => undefined,
    } as unknown as MeetingsService;
    const session = new RecordingSession(meeting, { engines, meetings, bus, log: { warn: () => undefined }, onFailure: (e) => failures.push(e) });
    const ready = bus.subscribe(meeting.id, (m) => {
      events.push(`publish ${m.seq} ${m.type} ${textOf(m)}`);
      published.push(m);
    });
    const result = (kind: 'partial' | 'final', utteranceIndex: number, text: string) => results$.next({ kind, utteranceIndex, text, startMs: 0, endMs: 500, words: [] });
    return { session, bus, events, published, failures, completions, ready, result };
  }

  it('stores a final with its seq before it is published at that seq', async () => {
    let stored!: () => void;
    const storing = new Promise<void>((resolve) => (stored = resolve));
    const h = harness(() => storing);
    await h.ready;
    h.session.open();
    h.result('partial', 0, 'hello');
    h.result('final', 0, 'hello world');
    await vi.waitFor(() => expect(h.events).toContain('store 2 hello world'));
    // While the store runs, nobody sees the final, nor anything numbered after it.
    h.result('partial', 1, 'next');
    await new Promise((r) => setTimeout(r, 20));
    expect(h.published.map((m) => m.seq)).toEqual([1]);
    stored();
    await h.session.flush();
    await vi.waitFor(() => expect(h.published).toHaveLength(4));
    // The line goes out as spoken; its translation follows (stored first too) at a later seq, not holding up the next words.
    expect(h.events).toEqual([
      'publish 1 subtitle.partial hello',
      'store 2 hello world',
      'publish 2 subtitle.final hello world',
      'publish 3 subtitle.partial next',
      'complete 4 {"es-ES":"es hello world"}',
      'publish 4 subtitle.final hello world',
    ]);
    expect(h.published[1]).toMatchObject({ seq: 2, type: 'subtitle.final', text: 'hello world', translations: {}, pending: true });
    expect(h.published[3]).toMatchObject({ seq: 4, type: 'subtitle.final', segmentId: (h.published[1] as { segmentId: string }).segmentId, translations: { 'es-ES': 'es hello world' } });
    expect(h.published[3]).not.toHaveProperty('pending');
  });

  it('sends the next line without waiting for the translation of the one before, and the translations in line order', async () => {
    const h = harness(async () => undefined);
    const releases: Array<() => void> = [];
    h.session['deps'].engines.translatorFor = (() => ({
      translate: (texts: string[]) => new Promise<string[]>((resolve) => releases.push(() => resolve(texts.map((t) => `es ${t}`)))),
    })) as never;
    await h.ready;
    h.session.open();
    h.result('final', 0, 'first line');
    h.result('final', 1, 'second line');
    await vi.waitFor(() => expect(h.published.map((m) => textOf(m))).toEqual(['first line', 'second line']));
    expect(h.published.every((m) => m.type === 'subtitle.final' && m.pending)).toBe(true);
    releases[1]!(); // the second translation is ready first: it still goes out after the first's
    await new Promise((r) => setTimeout(r, 20));
    expect(h.published).toHaveLength(2);
    releases[0]!();
    await h.session.flush();
    expect(h.published.map((m) => [m.seq, m.type === 'subtitle.final' ? m.translations : null])).toEqual([
      [1, {}],
      [2, {}],
      [3, { 'es-ES': 'es first line' }],
      [4, { 'es-ES': 'es second line' }],
    ]);
    expect(h.completions.map((c) => [c.seq, c.recordLines])).toEqual([
      [3, [{ id: (h.published[0] as { segmentId: string }).segmentId, text: 'first line' }]],
      [4, [{ id: (h.published[1] as { segmentId: string }).segmentId, text: 'second line' }]],
    ]);
  });

  it('publishes nothing of a final whose store failed and tells the host; the stream goes on gap-free', async () => {
    const h = harness(async () => {
      throw new Error('disk full');
    });
    await h.ready;
    h.session.open();
    h.result('partial', 0, 'lost words');
    h.result('final', 0, 'lost words here');
    await vi.waitFor(() => expect(h.failures).toHaveLength(1));
    h.result('partial', 1, 'after');
    await h.session.flush();
    await vi.waitFor(() => expect(h.published).toHaveLength(3));
    expect(h.published.some((m) => m.type === 'subtitle.final' && textOf(m))).toBe(false);
    expect(h.published.map((m) => [m.seq, m.type, textOf(m)])).toEqual([
      [1, 'subtitle.partial', 'lost words'],
      [2, 'subtitle.final', ''], // only clears the partial
      [3, 'subtitle.partial', 'after'],
    ]);
    expect(h.failures.map((e) => [e.code, e.msgKey, e.params])).toEqual([[503, 'live:finalNotStored', { reason: 'disk full' }]]);
  });
});
