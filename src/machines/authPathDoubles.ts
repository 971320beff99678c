// Test doubles shared by the auth path models: a verificationCode child whose send settles at once.
import { fromPromise } from 'xstate';
import type { SendCodeInput, SendCodeOutput } from './verificationCode.machine';
import { verificationCodeMachine } from './verificationCode.machine';

export const instantVerificationCode = verificationCodeMachine.provide({
  actors: { sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async () => ({ resendAfterSeconds: 60 })) },
});

/** How many of the given fields are filled: enough to tell a ready form from an unfinished one. */
export function filledCount(context: object, fields: readonly string[]): number {
  const values = context as Record<string, unknown>;
  return fields.filter((field) => typeof values[field] === 'string' && values[field] !== '').length;
}
