// PUT /system/bindingOther (systemBindingOther) — binds the WeChat account of a confirmed bind
// request (getQrCode purpose bind, then getOpenId answered confirmed) by its state. Silent: the
// WeChat row shows the refusal (bound to someone else, a second WeChat account). Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface BindWechatInput {
  state: string;
}

export async function bindWechat(input: BindWechatInput, signal?: AbortSignal): Promise<void> {
  unwrap(
    await api.call((client, s) => client.PUT('/system/bindingOther', { body: { state: input.state }, signal: s }), {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const bindWechatActor = fromPromise<void, BindWechatInput>(({ input, signal }) => bindWechat(input, signal));
