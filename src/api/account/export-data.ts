// GET /system/user/exportData (accountExportData, a path Parley chose) — everything of the account as
// one zip, saved by the browser. Silent: the personal centre's machine reports a failure itself.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { saveToDisk } from '../../shared/save-file';
import { asFileAnswer } from '../file-answer';
import { api } from '../instance';

/** Downloads the archive and hands it to the browser; rejects with the ApiError. */
export async function saveAccountExport(signal?: AbortSignal): Promise<void> {
  const result = await api.call(
    async (client, s) => asFileAnswer(await client.GET('/system/user/exportData', { parseAs: 'blob', signal: s }), 'parley-export.zip'),
    { silent: true, ...(signal ? { signal } : {}) },
  );
  saveToDisk(unwrap(result));
}

export const saveAccountExportActor = fromPromise<void>(({ signal }) => saveAccountExport(signal));
