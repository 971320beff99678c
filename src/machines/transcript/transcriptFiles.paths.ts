// Path model of the transcript page's files (convention: src/testing/paths.ts): an export
// that works and one the double refuses (docx), the summary document, read-aloud of a line and of
// an empty line (refused), for the owner and for a shared page whose summary is gone.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { EXPORT_REFUSAL, GONE, SPEAKABLE, SPEECH_REFUSAL, fileDoubles } from './transcriptFiles.doubles';
import { transcriptFilesMachine, type TranscriptFilesContext } from './transcriptFiles.machine';

const FILE = { blob: new Blob(['x']), fileName: 'transcript.srt' };
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as TranscriptFilesContext;
const exportRefused = (snapshot: AnyMachineSnapshot) => context(snapshot).pendingExport?.format === 'docx';
const speechRefused = (snapshot: AnyMachineSnapshot) => context(snapshot).readingText.trim() === '';

export const pathsModel: PathsModel = {
  name: 'transcriptFiles',
  machine: transcriptFilesMachine.provide({ actors: fileDoubles().actors }),
  inputs: [{ id: 'r1' }, { id: GONE, shareCode: 'abc' }],
  events: {
    'export.requested': [
      { type: 'export.requested', format: 'srt', content: 'original' },
      { type: 'export.requested', format: 'docx', content: 'original' },
    ],
    'summary.downloadRequested': [{ type: 'summary.downloadRequested' }, { type: 'summary.downloadRequested', format: 'txt' }],
    'readAloud.requested': [
      { type: 'readAloud.requested', lineId: 'l1', text: 'Hello', language: 'en-US' },
      { type: 'readAloud.requested', lineId: 'l2', text: ' ', language: 'en-US' },
    ],
    'xstate.done.actor.exportTranscript': (snapshot) => (exportRefused(snapshot) ? [] : [{ type: 'xstate.done.actor.exportTranscript', output: FILE }]),
    'xstate.error.actor.exportTranscript': (snapshot) =>
      exportRefused(snapshot) ? [{ type: 'xstate.error.actor.exportTranscript', error: EXPORT_REFUSAL }] : [],
    'xstate.done.actor.downloadSummary': (snapshot) =>
      context(snapshot).id === GONE ? [] : [{ type: 'xstate.done.actor.downloadSummary', output: { blob: new Blob(['d']), fileName: 'summary.docx' } }],
    'xstate.error.actor.downloadSummary': (snapshot) =>
      context(snapshot).id === GONE ? [{ type: 'xstate.error.actor.downloadSummary', error: EXPORT_REFUSAL }] : [],
    'xstate.done.actor.readAloud': (snapshot) =>
      speechRefused(snapshot) ? [] : [{ type: 'xstate.done.actor.readAloud', output: { audio: new Blob(['RIFF']), languages: SPEAKABLE } }],
    'xstate.error.actor.readAloud': (snapshot) => (speechRefused(snapshot) ? [{ type: 'xstate.error.actor.readAloud', error: SPEECH_REFUSAL }] : []),
  },
  serializeContext: (ctx: TranscriptFilesContext) => ({
    shared: !!ctx.shareCode,
    exporting: ctx.pendingExport?.format ?? null,
    reading: ctx.readingText,
    spoken: ctx.synthesisLanguages !== null,
  }),
};
