// Opening a recording warms the translation pipelines of every target language, so the first final
// subtitle does not wait for a translator process to start.
import { Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import type { Engines } from '../engines/registry';
import type { RecognitionStream, StreamResult } from '../engines/types';
import { RecordingSession, type RecordingSessionDeps } from './recording-session';

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
