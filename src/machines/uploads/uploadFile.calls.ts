// The calls behind the upload dialog and its files, on the app-wide typed client. Machines import
// these as default actors; tests swap them with machine.provide.
import { Observable } from 'rxjs';
import type { ApiResult } from '../../api/client';
import { api } from '../../api/instance';
import type { ChunkPart, ChunkTransport, UploadInitAnswer, UploadedRecordInfo } from '../../streams/upload-progress$';

/** Wraps one api call as a cold observable whose unsubscription aborts the request. */
function call$<T>(run: (signal: AbortSignal) => Promise<ApiResult<T>>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    run(controller.signal).then(
      (result) => {
        if (result.ok) {
          subscriber.next(result.data);
          subscriber.complete();
        } else subscriber.error(result.error);
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}

export const apiChunkTransport: ChunkTransport = {
  init: (request) =>
    call$<UploadInitAnswer>((signal) =>
      api.call((client, s) => client.POST('/speech/audio/transcribe/uploadInit', { body: request, signal: s }), { signal }),
    ),
  block: (part: ChunkPart) =>
    call$<UploadedRecordInfo[] | null>((signal) => {
      const form = new FormData();
      form.append('end', part.end);
      form.append('oriFileName', part.oriFileName);
      form.append('fileSize', String(part.fileSize));
      if (part.uploadId) form.append('uploadId', part.uploadId);
      if (part.objectName) form.append('objectName', part.objectName);
      if (part.url) form.append('url', part.url);
      if (part.folderId) form.append('folderId', part.folderId);
      // The file goes last so the server can read the fields before streaming the bytes.
      form.append('file', part.blob, part.oriFileName);
      // The part address from uploadInit carries uploadId and partNumber in its query.
      const query = part.uploadId && part.partNumber ? { uploadId: part.uploadId, partNumber: part.partNumber } : {};
      return api.call(
        (client, s) => client.POST('/speech/audio/transcribe/uploadBlock', { params: { query }, body: form as never, signal: s }),
        { signal },
      );
    }),
};

export interface LanguageOption {
  code: string;
  name: string;
}

export interface LanguageLists {
  transcribeLanguage: LanguageOption[];
  translation: LanguageOption[];
}

export async function fetchUploadLanguages(): Promise<LanguageLists> {
  const result = await api.call<LanguageLists>((client, signal) => client.GET('/speech/audio/LanguageInternation', { signal }));
  if (!result.ok) throw result.error;
  return result.data;
}

/** Deletes uploaded (not yet submitted) records; the dialog calls it on close and on removal. */
export async function removeUploadedRecords(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const result = await api.call((client, signal) => client.POST('/speech/audio/transcribe/remove', { body: { ids }, signal }));
  if (!result.ok) throw result.error;
}

export interface TranscribeRequest {
  ids: string[];
  showName: string;
  audioLanguage: string;
  translationLanguage: string | null;
  speaker: '0' | '1';
  maxSpeakers: number;
  folderId: string;
  folderName?: string;
}

export interface TaskStartFailure {
  code?: number;
  message?: string;
  messageKey?: string;
}

export async function startTranscription(form: TranscribeRequest): Promise<void> {
  const result = await api.call<{ code: number; msg: string } | null>(
    (client, signal) => client.POST('/speech/audio/transcribe/transwrite', { body: form, signal }),
    { entitlementMessage: 'server' },
  );
  if (!result.ok) throw { code: result.error.code, message: result.error.message, messageKey: result.error.messageKey } satisfies TaskStartFailure;
  // The task's own verdict sits inside a successful envelope (platform §7: data.code and data.msg).
  if (result.data && result.data.code !== 200) throw { code: result.data.code, message: result.data.msg } satisfies TaskStartFailure;
}

/** Reads a local media file's duration from its metadata, in the browser, before any upload. */
export function readMediaDuration(file: Blob): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const isVideo = file.type.startsWith('video/');
    const element = document.createElement(isVideo ? 'video' : 'audio');
    const finish = (value: number | null) => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    element.preload = 'metadata';
    element.onloadedmetadata = () => finish(Number.isFinite(element.duration) ? element.duration : null);
    // Formats the browser cannot decode (wmv, flv, avi) are measured by the server after upload.
    element.onerror = () => finish(null);
    element.src = url;
  });
}
