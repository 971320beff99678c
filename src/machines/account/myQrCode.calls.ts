// Calls and the clipboard behind the my-QR-code machine's default actors. The share calls are
// checked: the api layer toasts the server's message on failure, the machine rolls the switch back.
import { api } from '../../api/instance';
import { unwrap } from '../../api/errors';

export type ShareStatus = '0' | '1';

export async function fetchShareStatusCall(userId: string): Promise<boolean> {
  const data = unwrap(await api.call<{ shareStatus?: ShareStatus } | null>((client, signal) => client.GET('/system/getClient', { params: { query: { userId } }, signal })));
  return data?.shareStatus === '1';
}

export async function saveShareStatusCall(userId: string, enabled: boolean): Promise<void> {
  const shareStatus: ShareStatus = enabled ? '1' : '0';
  unwrap(await api.call((client, signal) => client.POST('/system/client/user/edit', { body: { id: userId, shareStatus }, signal })));
}

/** Puts the QR image (a data URL) on the clipboard as a picture; rejects where the browser refuses. */
export async function copyImageToClipboard(imageDataUrl: string): Promise<void> {
  if (!imageDataUrl) throw new Error('no image to copy');
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('image clipboard unavailable');
  const blob = await (await fetch(imageDataUrl)).blob();
  await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
}
