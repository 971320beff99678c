// Share calls: the owner's edit (checked) and the share page's reads with a share code. The share
// page uses its own client (see createShareApi): a signed-out reader holds a visitor token only in
// memory, and its failures are shown on the page instead of as toasts or a trip to /login.
import { createApi, type Api } from '../../api/client';
import { api } from '../../api/instance';
import { DEFAULT_LOCALE } from '../../shared/contract/limits';
import { readStoredLocale, readToken } from '../../shared/session-storage';
import { unwrap } from '../../api/errors';
import type { RecordItem, SubtitleLine } from './recordList.types';

export interface ShareSave {
  id: string;
  shareStatus: '0' | '1';
  copyStatus?: '0' | '1';
  shareExpireTime?: string | null;
}

export async function saveShareCall(save: ShareSave): Promise<RecordItem> {
  return unwrap(await api.call<RecordItem>((client, signal) => client.POST('/speech/audio/transcribe/edit', { body: save, signal })));
}

export interface SharedRecord {
  record: RecordItem;
  lines: SubtitleLine[];
  copyAllowed: boolean;
}

export interface ShareReadInput {
  id: string;
  shareCode: string;
  visitorToken: string | null;
}

export function createShareApi(visitorToken: string | null, useOwnToken: boolean): Api {
  return createApi({
    getToken: () => (useOwnToken ? readToken() : null) ?? visitorToken,
    getLocale: () => readStoredLocale() ?? DEFAULT_LOCALE,
  });
}

export async function visitorLoginCall(): Promise<string> {
  const shareApi = createShareApi(null, false);
  const data = unwrap(
    await shareApi.call<{ token?: string } | null>((client, signal) => client.POST('/auth/visitorlogin', { body: {}, signal }), { silent: true }),
  );
  if (!data?.token) throw { kind: 'business', messageKey: 'records:shareNotFound' };
  return data.token;
}

export async function readSharedCall(input: ShareReadInput): Promise<SharedRecord> {
  const shareApi = createShareApi(input.visitorToken, input.visitorToken === null);
  const query = { id: input.id, shareCode: input.shareCode };
  const [result, status] = await Promise.all([
    shareApi.call<{ record: RecordItem; lines: SubtitleLine[] }>(
      (client, signal) => client.GET('/speech/audio/transcribe/getTransResult', { params: { query }, signal }),
      { silent: true },
    ),
    shareApi.call<{ shareStatus: '0' | '1'; copyStatus: '0' | '1' }>(
      (client, signal) => client.GET('/speech/audio/transcribe/getTransShareStatus', { params: { query }, signal }),
      { silent: true },
    ),
  ]);
  const transcript = unwrap(result);
  const share = unwrap(status);
  return { record: transcript.record, lines: transcript.lines, copyAllowed: share.copyStatus === '1' };
}

export async function copySharedCall(input: { id: string; shareCode: string }): Promise<RecordItem> {
  const shareApi = createShareApi(null, true);
  return unwrap(
    await shareApi.call<RecordItem>(
      (client, signal) => client.POST('/speech/audio/transcribe/copyReplica', { body: { id: input.id, shareCode: input.shareCode }, signal }),
      { silent: true },
    ),
  );
}
