// Test doubles of the transcript and summary calls. Record 'busy' is still transcribing on the
// first read and done on the next; 'broken' cannot be read.
import { fromPromise } from 'xstate';
import type { SummaryView, TranscriptLine, TranscriptQuery, TranscriptResult } from './transcript.types';
import { transcriptMachine } from './transcript.machine';
import { summaryMachine } from './summary.machine';

export const LINES: TranscriptLine[] = [
  // l1 is translated, so editing its text makes the translation stale.
  { id: 'l1', startMs: 0, endMs: 1500, text: 'Hello there', speaker: 'Speaker 1', translation: 'Hola' },
  { id: 'l2', startMs: 1500, endMs: 3000, text: 'Hi Ann', speaker: 'Speaker 2', translation: null },
  { id: 'l3', startMs: 3000, endMs: 4000, text: 'Bye', speaker: 'Speaker 1', translation: null },
];

/** The libraries the record "vocab" was transcribed with. */
export const IN_FORCE: NonNullable<TranscriptResult['record']['vocabularies']> = [
  { id: 'v1', name: 'Names', kind: 'properWords' },
  { id: 'v2', name: 'Glossary', kind: 'translationTerms' },
];

export function resultFor(id: string, state: string): TranscriptResult {
  return {
    record: {
      id, showName: 'Weekly', state, languages: ['en-US'], targetLanguages: [], createTime: '2024-01-01 00:00:00',
      ...(id === 'vocab' ? { vocabularies: IN_FORCE } : {}),
    },
    lines: LINES,
  };
}

export interface TranscriptLog {
  reads: number;
  saved: TranscriptLine[];
  renames: Array<{ from: string; to: string }>;
  translations: string[];
  /** The line ids of each retranslation asked for (undefined: every stale line). */
  retranslations: Array<string[] | undefined>;
}

export function transcriptDoubles(log: TranscriptLog) {
  const read = fromPromise<TranscriptResult, TranscriptQuery>(async ({ input }) => {
    log.reads += 1;
    if (input.id === 'broken') throw { kind: 'business', code: 404, message: 'Not found' };
    if (input.id === 'busy') return resultFor(input.id, log.reads === 1 ? 'transcribing' : 'transcription_completed');
    return resultFor(input.id, 'transcription_completed');
  });
  return transcriptMachine.provide({
    actors: {
      fetchResult: read,
      refetchResult: read,
      saveLine: fromPromise<void, { id: string; line: TranscriptLine }>(async ({ input }) => {
        if (input.line.text === 'fail') throw { kind: 'business', message: 'Refused' };
        log.saved.push(input.line);
      }),
      renameSpeaker: fromPromise<void, { id: string; from: string; to: string }>(async ({ input }) => {
        log.renames.push({ from: input.from, to: input.to });
      }),
      addTranslation: fromPromise<void, { id: string; lang: string }>(async ({ input }) => {
        log.translations.push(input.lang);
      }),
      retranslateLines: fromPromise<void, { id: string; lineIds?: string[] | undefined }>(async ({ input }) => {
        log.retranslations.push(input.lineIds);
      }),
    },
  });
}

/** `transcriptChanged`: the transcript was edited after the summary (which is then offered again). */
export function summaryOf(state: SummaryView['state'], refreshAfterSeconds = 0, transcriptChanged = false): SummaryView {
  return { transId: 'r1', state, content: state === 'completed' ? 'They met and agreed.' : '', refreshAfterSeconds, transcriptChanged };
}

/** transId 'none' has no summary; 'edited' has one older than the transcript's edits; generating answers 'generating', and the re-read is complete. */
export function summaryDoubles(refreshAfterSeconds = 0) {
  return summaryMachine.provide({
    actors: {
      query: fromPromise<SummaryView | null, { transId: string }>(async ({ input }) =>
        input.transId === 'none' ? null : summaryOf('completed', refreshAfterSeconds, input.transId === 'edited'),
      ),
      requery: fromPromise<SummaryView | null, { transId: string }>(async () => summaryOf('completed', refreshAfterSeconds)),
      generate: fromPromise<SummaryView | null, { transId: string }>(async () => summaryOf('generating')),
      latest: fromPromise<SummaryView | null, { transId: string; count: number }>(async () => summaryOf('completed')),
    },
  });
}
