// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { VERIFICATION_RESEND_SECONDS } from '../../shared/contract/limits';
import {
  SEND_FAILED_KEY,
  selectCanSend,
  verificationCodeMachine,
  type SendCodeInput,
  type SendCodeOutput,
} from './verificationCode.machine';

function start(send: (input: SendCodeInput) => Promise<SendCodeOutput>) {
  const calls: SendCodeInput[] = [];
  const machine = verificationCodeMachine.provide({
    actors: {
      sendCode: fromPromise<SendCodeOutput, SendCodeInput>(({ input }) => {
        calls.push(input);
        return send(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('verificationCode machine', () => {
  it('sends the code with the address and scene, then counts down the server-given wait', async () => {
    const { actor, calls } = start(async () => ({ resendAfterSeconds: 3 }));
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'register' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(selectCanSend(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ username: 'ana@example.com', scene: 'register' }]);
    expect(actor.getSnapshot().value).toBe('countingDown');
    expect(actor.getSnapshot().context.secondsLeft).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    // A send during the countdown is not allowed.
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'register' });
    expect(actor.getSnapshot().value).toBe('countingDown');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    expect(selectCanSend(actor.getSnapshot())).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('waits VERIFICATION_RESEND_SECONDS when the server names no wait', async () => {
    const { actor } = start(async () => ({}));
    actor.send({ type: 'code.send', username: '+8613800000000', scene: 'login' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.secondsLeft).toBe(VERIFICATION_RESEND_SECONDS);
    await vi.advanceTimersByTimeAsync((VERIFICATION_RESEND_SECONDS - 1) * 1000);
    expect(actor.getSnapshot().value).toBe('countingDown');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('goes straight back to idle when the server allows an immediate resend', async () => {
    const { actor } = start(async () => ({ resendAfterSeconds: 0 }));
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'reset' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("keeps the server's message of a failed send and allows a retry", async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw { kind: 'business', code: 429, message: 'Too many attempts' };
      return { resendAfterSeconds: 60 };
    });
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'login' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({ errorMessage: 'Too many attempts', errorCode: 429 });
    fail = false;
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'login' });
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('countingDown');
    expect(calls).toHaveLength(2);
  });

  it('holds a message key, never a display string, when the failure has no server message', async () => {
    const { actor } = start(async () => {
      throw new TypeError('boom');
    });
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'login' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.errorKey).toBe(SEND_FAILED_KEY);
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
  });

  it('uses the transport key of an ApiError when there is one', async () => {
    const { actor } = start(async () => {
      throw { kind: 'timeout', messageKey: 'api:timeout' };
    });
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'login' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.errorKey).toBe('api:timeout');
  });
});

describe('default sendCode actor', () => {
  it('posts to /auth/c/getValidCode through the app client, without a toast of its own', async () => {
    vi.useRealTimers();
    const { api } = await import('../../api/instance');
    const spy = vi.spyOn(api, 'call').mockResolvedValue({ ok: true, data: { resendAfterSeconds: 5 }, code: 200, msg: '' });
    const actor = createActor(verificationCodeMachine).start();
    actor.send({ type: 'code.send', username: 'ana@example.com', scene: 'register' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('countingDown'));
    expect(actor.getSnapshot().context.secondsLeft).toBe(5);
    const [run, options] = spy.mock.calls[0]!;
    expect(options).toMatchObject({ silent: true });
    const post = vi.fn().mockResolvedValue({ data: {}, response: new Response() });
    await run({ POST: post } as never, new AbortController().signal);
    expect(post).toHaveBeenCalledWith('/auth/c/getValidCode', expect.objectContaining({
      body: { username: 'ana@example.com', scene: 'register' },
    }));
    actor.stop();
    spy.mockRestore();
  });
});
