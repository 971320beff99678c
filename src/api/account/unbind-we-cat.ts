// PUT /system/unbindWeCat (systemUnbindWeCat) — removes the WeChat binding (the server refuses it
// when WeChat is the only way left to sign in). Silent: the WeChat row shows the refusal. Rejects
// with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function unbindWechat(signal?: AbortSignal): Promise<void> {
  unwrap(await api.call((client, s) => client.PUT('/system/unbindWeCat', { body: {}, signal: s }), { silent: true, ...(signal ? { signal } : {}) }));
}

export const unbindWechatActor = fromPromise<void, void>(({ signal }) => unbindWechat(signal));
