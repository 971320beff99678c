import { describe, expect, it, vi } from 'vitest';

let languageReads = 0;
vi.mock('../../api/shared/language-internation', async () => {
  const { CHOICES: choices } = await import('./transcriptFiles.doubles');
  return {
    fetchTranslationLanguages: async () => {
      languageReads += 1;
      return choices;
    },
  };
});
import { createActor, waitFor } from 'xstate';
import { CHOICES, EXPORT_REFUSAL, fileDoubles } from './transcriptFiles.doubles';
import {
  READ_ALOUD_FAILED_KEY,
  selectExporting,
  selectReadingLineId,
  selectChoices,
  translationChoicesLogic,
  speakableLanguage,
  transcriptFilesMachine,
  type TranscriptFilesEmitted,
  type TranscriptFilesInput,
} from './transcriptFiles.machine';

function start(input: TranscriptFilesInput = { id: 'r1' }) {
  const { actors, calls } = fileDoubles();
  const actor = createActor(transcriptFilesMachine.provide({ actors }), { input }).start();
  const told: TranscriptFilesEmitted[] = [];
  actor.on('*', (event) => told.push(event));
  const idle = () => waitFor(actor, (s) => s.matches('idle'));
  return { actor, calls, told, idle };
}

describe('transcriptFiles machine', () => {
  it('reads the translation choices for the owner, none (without asking) on a shared page', async () => {
    const owner = createActor(translationChoicesLogic, { input: {} }).start();
    await waitFor(owner, (s) => s.status === 'done');
    expect(selectChoices(owner.getSnapshot())).toEqual(CHOICES);
    const shared = createActor(translationChoicesLogic, { input: { shareCode: 'abc' } }).start();
    await waitFor(shared, (s) => s.status === 'done');
    expect(selectChoices(shared.getSnapshot())).toEqual([]);
    expect(languageReads).toBe(1);
  });

  it('exports with the share code and hands over the file; a refusal is told with the server message', async () => {
    const { actor, calls, told, idle } = start({ id: 'r1', shareCode: 'abc' });
    actor.send({ type: 'export.requested', format: 'srt', content: 'original' } as never);
    expect(selectExporting(actor.getSnapshot())).toBe(true);
    await idle();
    expect(calls.exports).toEqual([{ format: 'srt', shareCode: 'abc' }]);
    expect(told.at(-1)).toMatchObject({ type: 'file.ready', file: { fileName: 'transcript.srt' } });
    actor.send({ type: 'export.requested', format: 'docx', content: 'original' } as never);
    await idle();
    expect(told.at(-1)).toEqual({ type: 'notice', level: 'error', message: EXPORT_REFUSAL.message });
  });

  it('downloads the summary document as a file', async () => {
    const { actor, told, idle } = start();
    actor.send({ type: 'summary.downloadRequested' });
    await idle();
    expect(told.at(-1)).toMatchObject({ type: 'file.ready', file: { fileName: 'summary.docx' } });
    // The same summary as plain text.
    actor.send({ type: 'summary.downloadRequested', format: 'txt' });
    await idle();
    expect(told.at(-1)).toMatchObject({ type: 'file.ready', file: { fileName: 'summary.txt' } });
  });

  it('reads a line aloud, marking it while it runs, and reads the speakable languages only once', async () => {
    const { actor, calls, told, idle } = start();
    actor.send({ type: 'readAloud.requested', lineId: 'l1', text: 'Hello there', language: 'en-GB' });
    expect(selectReadingLineId(actor.getSnapshot())).toBe('l1');
    await idle();
    expect(selectReadingLineId(actor.getSnapshot())).toBeNull();
    expect(told.at(-1)?.type).toBe('speech.ready');
    actor.send({ type: 'readAloud.requested', lineId: 'l2', text: '  ', language: 'en-US' });
    await idle();
    expect(calls.synthesisLanguageReads).toBe(1);
    expect(told.at(-1)).toEqual({ type: 'notice', level: 'error', messageKey: READ_ALOUD_FAILED_KEY });
  });

  it('speaks the record language, else one of the same base language, else asks for it as it is', () => {
    const languages = [{ code: 'en-US' }, { code: 'es-ES' }] as never;
    expect(speakableLanguage(languages, 'es-ES')).toBe('es-ES');
    expect(speakableLanguage(languages, 'en-GB')).toBe('en-US');
    expect(speakableLanguage(languages, 'zh-CN')).toBe('zh-CN');
  });
});
