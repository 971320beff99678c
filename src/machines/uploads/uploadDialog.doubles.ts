// Test doubles of the upload calls, shared by the unit tests and the path models. File names pick
// the outcome: 'long*' is over the duration limit in the browser, 'server-long*' only on the
// server, 'broken*' fails to upload; anything else uploads as record 'rec-<name>'. Deleting the
// record of 'stuck*' fails, and a dialog opened in folder 'offline' cannot read the language list.
import { of, throwError } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { UPLOAD_MAX_DURATION_SECONDS } from '../../shared/contract/limits';
import type { LanguageLists, TranscribeRequest } from './upload.types';
import { uploadDialogMachine, type UploadDialogContext } from './uploadDialog.machine';
import type { TransportEvent, TransportInput } from '../file-upload/fileUpload.machine';
import { uploadFileMachine, type UploadFileSource } from './uploadFile.machine';

export const LANGUAGES: LanguageLists = {
  transcribeLanguage: [
    { code: 'zh-CN', name: '中文' },
    { code: 'en-US', name: 'English' },
  ],
  translation: [{ code: 'es-ES', name: 'Español' }],
};

/** What a server with only the embedded engines answers: en-US recognised, en-US ↔ es-ES translated. */
export const EMBEDDED_LANGUAGES: LanguageLists = {
  transcribeLanguage: [
    { code: 'zh-CN', name: '中文', available: false, setting: 'ASR_URL', unavailableReason: 'no speech recognition engine for zh-CN; set ASR_URL' },
    { code: 'en-US', name: 'English', available: true, setting: null, unavailableReason: null },
    { code: 'es-ES', name: 'Español', available: false, setting: 'ASR_URL', unavailableReason: 'no speech recognition engine for es-ES; set ASR_URL' },
  ],
  translation: [
    { code: 'en-US', name: 'English', available: true, sources: ['es-ES'] },
    { code: 'es-ES', name: 'Español', available: true, sources: ['en-US'] },
    { code: 'ja-JP', name: '日本語', available: false, setting: 'TRANSLATE_URL', sources: [] },
  ],
};

/** A folder whose dialog is answered EMBEDDED_LANGUAGES. */
export const EMBEDDED_FOLDER = 'embedded-engines';

/** A folder whose dialog cannot read the language list. */
export const OFFLINE_FOLDER = 'offline';

export function fakeFile(name: string, size = 1024): UploadFileSource {
  return { name, size, type: 'audio/wav', lastModified: 1, slice: () => new Blob([]) };
}

export interface DoubleLog {
  removed: string[][];
  submitted: TranscribeRequest[];
}

export function uploadFileDoubles(log: DoubleLog) {
  return uploadFileMachine.provide({
    actors: {
      measure: fromPromise<number | null, { file: UploadFileSource }>(async ({ input }) =>
        input.file.name.startsWith('long') ? UPLOAD_MAX_DURATION_SECONDS + 1 : 30,
      ),
      transport: fromEventObservable<TransportEvent, TransportInput>(({ input }) =>
        input.file.name.startsWith('broken')
          ? throwError(() => ({ kind: 'business', message: 'Disk full' }))
          : of<TransportEvent[]>(
              { type: 'upload.progress', percent: 50 },
              {
                type: 'upload.done',
                record: {
                  id: `rec-${input.file.name}`,
                  createTime: '2024-01-01 00:00:00',
                  audioDuration: input.file.name.startsWith('server-long') ? UPLOAD_MAX_DURATION_SECONDS + 1 : 30,
                },
              },
            ),
      ),
      remove: fromPromise<void, { ids: string[] }>(async ({ input }) => {
        log.removed.push(input.ids);
      }),
    },
  });
}

/** showName 'poor' makes the submit answer 92505000; 'bad' a plain refusal. */
export function uploadDialogDoubles(log: DoubleLog) {
  return uploadDialogMachine.provide({
    actors: {
      uploadFile: uploadFileDoubles(log),
      // No input: the dialog (already in its opened state when this starts) tells the folder.
      fetchLanguages: fromPromise<LanguageLists>(async ({ self }) => {
        const dialog = self._parent?.getSnapshot() as { context?: UploadDialogContext } | undefined;
        if (dialog?.context?.form.folderId === OFFLINE_FOLDER) throw new Error('network down');
        return dialog?.context?.form.folderId === EMBEDDED_FOLDER ? EMBEDDED_LANGUAGES : LANGUAGES;
      }),
      removeRecords: fromPromise<void, { ids: string[] }>(async ({ input }) => {
        log.removed.push(input.ids);
        if (input.ids.some((id) => id.startsWith('rec-stuck'))) throw { code: 500, message: 'Cannot delete' };
      }),
      submit: fromPromise<void, TranscribeRequest>(async ({ input }) => {
        log.submitted.push(input);
        if (input.showName === 'poor') throw { code: 92505000, message: 'Insufficient balance' };
        if (input.showName === 'bad') throw { code: 500, message: 'Refused' };
      }),
    },
  });
}
