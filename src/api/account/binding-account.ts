// PUT /system/bindingAccount (systemBindingAccount) — binds or changes the e-mail address or phone
// number with the code sent to the new address (getValidCode scene bind). Silent: the binding form
// shows the refusal itself. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface BindAddressInput {
  username: string;
  code: string;
}

export async function bindAddress(body: BindAddressInput, signal?: AbortSignal): Promise<void> {
  unwrap(await api.call((client, s) => client.PUT('/system/bindingAccount', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) }));
}

export const bindAddressActor = fromPromise<void, BindAddressInput>(({ input, signal }) => bindAddress(input, signal));
