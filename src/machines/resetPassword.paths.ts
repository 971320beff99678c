// Path model of the resetPassword machine (convention: src/machines/testing/paths.ts). The double answers by
// address: an e-mail succeeds, a phone number is refused with a server message, and a number with
// area code 44 crashes the call.
import type { AnyMachineSnapshot } from 'xstate';
import { fromPromise } from 'xstate';
import type { AuthCallResult, NewPasswordRequest } from './authForm';
import { instantVerificationCode } from './authPathDoubles';
import type { ResetPasswordContext } from './resetPassword.machine';
import { resetPasswordMachine } from './resetPassword.machine';
import type { PathsModel } from './testing/paths';

function answerFor(request: NewPasswordRequest | undefined): AuthCallResult | 'crash' {
  if (!request || request.username.startsWith('+44')) return 'crash';
  if (request.username.startsWith('+')) return { ok: false, message: 'The verification code is wrong' };
  return { ok: true, token: 'new-token' };
}

const machine = resetPasswordMachine.provide({
  actors: {
    verificationCode: instantVerificationCode,
    resetPassword: fromPromise<AuthCallResult, NewPasswordRequest>(async ({ input }) => {
      const answer = answerFor(input);
      if (answer === 'crash') throw new Error('connection reset');
      return answer;
    }),
  },
});

function relevantFields(context: ResetPasswordContext): string[] {
  return [context.channel === 'email' ? 'email' : 'phone', 'code', 'password', 'confirm'];
}

const PHONE_BY_AREA_CODE: Record<string, string> = { '86': '13800138000', '44': '7400123456' };
const SAMPLES: Record<string, string> = { email: 'ann@example.com', code: '123456', password: 'abc12345', confirm: 'abc12345' };

function sampleFor(context: ResetPasswordContext, field: string): string {
  return field === 'phone' ? (PHONE_BY_AREA_CODE[context.areaCode] ?? '') : SAMPLES[field]!;
}

function filled(context: ResetPasswordContext): number {
  const values = context as unknown as Record<string, string>;
  return relevantFields(context).filter((field) => values[field] === sampleFor(context, field)).length;
}

// One field at a time in a fixed order keeps the graph small. On the phone channel the area code
// can switch to 44 (the double crashes for it), after which the number must be typed again. A full
// form offers a re-typed code, which is how a user leaves the error state.
function fieldSamples(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as ResetPasswordContext;
  const values = context as unknown as Record<string, string>;
  const samples: { type: 'field.changed'; field: string; value: string }[] = [];
  const next = relevantFields(context).find((field) => values[field] !== sampleFor(context, field));
  if (next) samples.push({ type: 'field.changed', field: next, value: sampleFor(context, next) });
  else samples.push({ type: 'field.changed', field: 'code', value: context.code === '123456' ? '654321' : '123456' });
  if (context.channel === 'phone' && context.areaCode === '86') samples.push({ type: 'field.changed', field: 'areaCode', value: '44' });
  return samples;
}

export const pathsModel: PathsModel = {
  name: 'resetPassword',
  machine,
  input: { areaCode: '86' },
  events: {
    'field.changed': fieldSamples,
    'reset.channelChanged': [
      { type: 'reset.channelChanged', channel: 'email' },
      { type: 'reset.channelChanged', channel: 'phone' },
    ],
    'xstate.done.actor.resetPassword': (snapshot) => {
      const answer = answerFor((snapshot.context as ResetPasswordContext).request);
      return answer === 'crash' ? [] : [{ type: 'xstate.done.actor.resetPassword', output: answer }];
    },
    'xstate.error.actor.resetPassword': (snapshot) =>
      answerFor((snapshot.context as ResetPasswordContext).request) === 'crash'
        ? [{ type: 'xstate.error.actor.resetPassword', error: new Error('connection reset') }]
        : [],
  },
  // The channel, how much of the form is filled and whether a failure shows decide what happens next.
  serializeContext: (context: ResetPasswordContext) => ({
    channel: context.channel,
    areaCode: context.channel === 'phone' ? context.areaCode : undefined,
    filled: filled(context),
    failure: Boolean(context.errorMessage ?? context.errorKey),
    invalid: Object.keys(context.fieldErrors).length > 0,
    codeSent: context.codeSentTo !== undefined,
    submitted: context.request !== undefined,
  }),
};
