// Test doubles shared by the auth machine tests, route tests and path models: a verificationCode
// child whose send settles at once.
import { NEVER } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { SendCodeInput, SendCodeOutput, VerificationCodeEvent } from './verificationCode.machine';
import { verificationCodeMachine } from './verificationCode.machine';

export const instantVerificationCode = verificationCodeMachine.provide({
  actors: { sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async () => ({ resendAfterSeconds: 60 })) },
});

/** A verificationCode child that records every send and then holds its countdown at 60 s. */
export function recordingVerificationCode() {
  const codeSends: SendCodeInput[] = [];
  const verificationCode = verificationCodeMachine.provide({
    actors: {
      sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async ({ input }) => {
        codeSends.push(input);
        return { resendAfterSeconds: 60 };
      }),
      countdown: fromEventObservable<VerificationCodeEvent, { seconds: number }>(() => NEVER),
    },
  });
  return { verificationCode, codeSends };
}

/** How many of the given fields are filled: enough to tell a ready form from an unfinished one. */
export function filledCount(context: object, fields: readonly string[]): number {
  const values = context as Record<string, unknown>;
  return fields.filter((field) => typeof values[field] === 'string' && values[field] !== '').length;
}
