// Doubles of the transcript page's file calls: exports refuse the 'docx' format as the server
// refuses a record it cannot export, read-aloud refuses an empty line, everything else answers.
import { fromPromise } from 'xstate';
import type { DownloadedFile } from '../../api/file-answer';
import type { ExportContent, ExportFormat } from '../../shared/contract/transcript';
import type { LanguageItem } from './transcript.types';

export const SPEAKABLE: LanguageItem[] = [{ code: 'en-US', name: 'English' } as LanguageItem];
export const CHOICES: LanguageItem[] = [{ code: 'es-ES', name: 'Spanish' } as LanguageItem];
/** A record whose summary the server no longer has. */
export const GONE = 'gone';
export const EXPORT_REFUSAL = { kind: 'business', code: 500, message: 'This record cannot be exported yet' };
export const SPEECH_REFUSAL = { kind: 'business', code: 503, messageKey: 'engines:noSynthesis' };

export function fileDoubles() {
  const calls = { exports: [] as Array<{ format: ExportFormat; shareCode?: string | undefined }>, speech: [] as string[], synthesisLanguageReads: 0 };
  const actors = {
    exportTranscript: fromPromise<DownloadedFile, { id: string; shareCode?: string | undefined; format: ExportFormat; content: ExportContent }>(async ({ input }) => {
      calls.exports.push({ format: input.format, shareCode: input.shareCode });
      if (input.format === 'docx') throw EXPORT_REFUSAL;
      return { blob: new Blob(['1\n00:00:00,000 --> 00:00:01,000\nhello']), fileName: `transcript.${input.format}` };
    }),
    downloadSummary: fromPromise<DownloadedFile, { id: string; shareCode?: string | undefined; format: 'docx' | 'txt' }>(async ({ input }) => {
      if (input.id === GONE) throw EXPORT_REFUSAL;
      return { blob: new Blob([input.format]), fileName: `summary.${input.format}` };
    }),
    readAloud: fromPromise<{ audio: Blob; languages: LanguageItem[] }, { text: string; language: string; languages: LanguageItem[] | null }>(
      async ({ input }) => {
        if (!input.languages) calls.synthesisLanguageReads += 1;
        calls.speech.push(input.text);
        if (input.text.trim() === '') throw SPEECH_REFUSAL;
        return { audio: new Blob(['RIFF']), languages: input.languages ?? SPEAKABLE };
      },
    ),
  };
  return { actors, calls };
}
