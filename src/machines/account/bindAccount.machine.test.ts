// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BindAddressInput } from '../../api/account/binding-account';
import type { Notice } from '../notice';
import { BOUND_KEY, CODE_SENT_KEY, bindAccountMachine, selectBindError, selectCanBind, selectCanSendCode, validAddress } from './bindAccount.machine';

function start(bind: (input: BindAddressInput) => Promise<void>) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    bindAccountMachine.provide({
      actors: {
        sendBindCode: fromPromise<{ resendAfterSeconds?: number }, { username: string }>(async ({ input }) => (calls.push(`code:${input.username}`), {})),
        bindAddress: fromPromise<void, BindAddressInput>(({ input }) => (calls.push(`bind:${input.username}:${input.code}`), bind(input))),
      },
    }),
  );
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, calls, notices };
}

describe('bindAccount machine', () => {
  it('accepts only an address of the kind being bound, normalised', () => {
    expect(validAddress('email', ' New@Example.COM ')).toBe('new@example.com');
    expect(validAddress('email', '+44 20 7946 0000')).toBeNull();
    expect(validAddress('phone', '+44 20 7946 0000')).toBe('+442079460000');
    expect(validAddress('phone', 'a@b.co')).toBeNull();
  });

  it('sends a code to the new address and binds with it; a changed address needs a new code', async () => {
    const { actor, calls, notices } = start(async () => undefined);
    const bound: unknown[] = [];
    actor.on('address.bound', (event) => bound.push(event));
    actor.send({ type: 'bind.open', kind: 'email' });
    actor.send({ type: 'bind.addressChanged', value: 'nope' });
    expect(selectCanSendCode(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'bind.addressChanged', value: 'New@Example.com' });
    actor.send({ type: 'bind.sendCode' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: CODE_SENT_KEY }]);
    actor.send({ type: 'bind.codeChanged', value: '123456' });
    expect(selectCanBind(actor.getSnapshot())).toBe(true);
    // The code went to another address than the one now typed: binding waits for a new code.
    actor.send({ type: 'bind.addressChanged', value: 'other@example.com' });
    expect(selectCanBind(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'bind.addressChanged', value: 'new@example.com' });
    actor.send({ type: 'bind.submitted' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual(['code:new@example.com', 'bind:new@example.com:123456']);
    expect(notices.at(-1)).toEqual({ type: 'notice', level: 'success', messageKey: BOUND_KEY });
    expect(actor.getSnapshot().context.bound).toEqual({ email: 'new@example.com' });
    expect(bound).toEqual([{ type: 'address.bound', kind: 'email', value: 'new@example.com' }]);
  });

  it('keeps the form with the refusal of a code for another address', async () => {
    const wrong = { kind: 'business', code: 400, message: 'The verification code is wrong or has expired' };
    const { actor } = start(async () => Promise.reject(wrong));
    actor.send({ type: 'bind.open', kind: 'phone' });
    actor.send({ type: 'bind.addressChanged', value: '+44 20 7946 0000' });
    actor.send({ type: 'bind.sendCode' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.codeSentTo !== null);
    actor.send({ type: 'bind.codeChanged', value: '000000' });
    actor.send({ type: 'bind.submitted' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errorMessage !== undefined);
    expect(selectBindError(actor.getSnapshot())).toEqual({ message: wrong.message });
  });
});
