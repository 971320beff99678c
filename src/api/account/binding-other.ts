// PUT /system/bindingOther (systemBindingOther) — binds the WeChat account the user just scanned
// with, by the authorization code the scan produced. The server side (and the final body) belongs to
// the WeChat sign-in work: the contract's body still reads {username, code}, written before the
// calls were split between WeChat (this one) and e-mail/phone (bindingAccount); WeChat sends only
// the code. Silent: the WeChat row shows the refusal. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface BindWechatInput {
  code: string;
}

export async function bindWechat(input: BindWechatInput, signal?: AbortSignal): Promise<void> {
  const body = { code: input.code } as never;
  unwrap(await api.call((client, s) => client.PUT('/system/bindingOther', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) }));
}

export const bindWechatActor = fromPromise<void, BindWechatInput>(({ input, signal }) => bindWechat(input, signal));
