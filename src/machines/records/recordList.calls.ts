// The record calls behind the record-list machine's default actors. Tests replace the actors, so
// these run only in the app. The list query is an unchecked call (platform §7): the machine shows
// its failure; edits and deletes are checked, so the api layer toasts the server's message.
import { api } from '../../api/instance';
import { isApiError, unwrap } from '../../api/errors';
import type { ExportFormat, RecordEdit, RecordItem, RecordPage, RecordQuery, RecordRefresh } from './recordList.types';

export async function fetchRecordPageCall(query: RecordQuery, signal?: AbortSignal): Promise<RecordPage> {
  const result = await api.call<RecordPage>(
    (client, s) => client.GET('/speech/audio/transcribe/query', { params: { query }, signal: s }),
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return unwrap(result);
}

const RECORD_GONE_CODE = 404;

/**
 * Reads each record again (silently: a timer, not the user, asked). A record deleted meanwhile
 * answers 'not found' and is reported gone; any other failure fails the whole refresh.
 */
export async function refreshRecordsCall(ids: string[], signal?: AbortSignal): Promise<RecordRefresh> {
  const answers = await Promise.all(
    ids.map(async (id) => {
      const result = await api.call<RecordItem | null>(
        (client, s) => client.GET('/speech/audio/transcribe/getTrans', { params: { query: { id } }, signal: s }),
        { silent: true, ...(signal ? { signal } : {}) },
      );
      if (!result.ok && isApiError(result.error) && result.error.code === RECORD_GONE_CODE) return { id, record: null };
      return { id, record: unwrap(result) };
    }),
  );
  return {
    updated: answers.flatMap((answer) => (answer.record ? [answer.record] : [])),
    goneIds: answers.filter((answer) => !answer.record).map((answer) => answer.id),
  };
}

export async function removeRecordsCall(ids: string[]): Promise<void> {
  unwrap(await api.call((client, signal) => client.POST('/speech/audio/transcribe/remove', { body: { ids }, signal })));
}

export async function editRecordCall(edit: RecordEdit): Promise<RecordItem> {
  return unwrap(await api.call<RecordItem>((client, signal) => client.POST('/speech/audio/transcribe/edit', { body: edit, signal })));
}

/** "name.ext" from Content-Disposition (the UTF-8 form first), else a name made of the format. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Downloads one record as the format, or several as one zip (the server decides by the id count). */
export async function exportRecordsCall(ids: string[], format: ExportFormat): Promise<void> {
  let disposition: string | null = null;
  const result = await api.call<Blob>(
    async (client, signal) => {
      const answer = await client.GET('/speech/audio/transcribe/export', {
        params: { query: { idStr: ids.join(','), type: format } },
        parseAs: 'blob',
        signal,
      });
      disposition = answer.response.headers.get('content-disposition');
      // An envelope instead of a file is a refusal; hand it to the catalogue as JSON.
      if (answer.data instanceof Blob && answer.data.type.includes('json')) {
        return { data: JSON.parse(await answer.data.text()), response: answer.response };
      }
      return answer;
    },
    { silent: true },
  );
  const blob = unwrap(result);
  const name = fileNameFrom(disposition, ids.length > 1 ? 'records.zip' : `record.${format}`);
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = name;
    anchor.rel = 'noopener';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Revoked after the click has been handled, or the download may find no data.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
