// Path model builder for the machines made by createCodePasswordMachine (register, resetPassword;
// convention: src/testing/paths.ts). The double answers by address: an e-mail succeeds, a
// phone number is refused with a server message, and a number with area code 44 crashes the call.
// Not named *.paths.ts: coverage:paths loads the configured models, not this builder.
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { fromPromise } from 'xstate';
import type { AuthCallResult, NewPasswordRequest } from './auth-form';
import { instantVerificationCode } from './auth.doubles';
import type { CodePasswordContext } from './codePasswordForm.machine';
import type { PathsModel } from '../../testing/paths';

function answerFor(request: NewPasswordRequest | undefined): AuthCallResult | 'crash' {
  if (!request || request.username.startsWith('+44')) return 'crash';
  if (request.username.startsWith('+')) return { ok: false, message: 'The verification code is wrong' };
  return { ok: true, token: 'new-token' };
}

function relevantFields(context: CodePasswordContext): string[] {
  return [context.channel === 'email' ? 'email' : 'phone', 'code', 'password', 'confirm'];
}

const PHONE_BY_AREA_CODE: Record<string, string> = { '86': '13800138000', '44': '7400123456' };
const SAMPLES: Record<string, string> = { email: 'ann@example.com', code: '123456', password: 'abc12345', confirm: 'abc12345' };

function sampleFor(context: CodePasswordContext, field: string): string {
  return field === 'phone' ? (PHONE_BY_AREA_CODE[context.areaCode] ?? '') : SAMPLES[field]!;
}

function filled(context: CodePasswordContext): number {
  const values = context as unknown as Record<string, string>;
  return relevantFields(context).filter((field) => values[field] === sampleFor(context, field)).length;
}

// One field at a time in a fixed order keeps the graph small. On the phone channel the area code
// can switch to 44 (the double crashes for it), after which the number must be typed again. A full
// form offers a re-typed code, which is how a user leaves the error state.
function fieldSamples(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as CodePasswordContext;
  const values = context as unknown as Record<string, string>;
  const samples: { type: 'field.changed'; field: string; value: string }[] = [];
  const next = relevantFields(context).find((field) => values[field] !== sampleFor(context, field));
  if (next) samples.push({ type: 'field.changed', field: next, value: sampleFor(context, next) });
  else samples.push({ type: 'field.changed', field: 'code', value: context.code === '123456' ? '654321' : '123456' });
  if (context.channel === 'phone' && context.areaCode === '86') samples.push({ type: 'field.changed', field: 'areaCode', value: '44' });
  return samples;
}

const IN_ERROR =
  "In 'error' the form is still the one submitted: 'error' is entered only from 'submitting', which only a valid form reaches " +
  '(formValid includes the code-target check), and every event that changes the form (field.changed, the channel switch) leaves ' +
  "'error' for 'editing'.";
/** Why `error -code.request-> editing` (the invalid-address branch) cannot be taken. */
export const CODE_REQUEST_IN_ERROR = `${IN_ERROR} So code.request always passes codeTargetValid there; the fallback exists because 'editing' and 'error' share one table of form events (code-form.ts).`;
/** Why `error -<prefix>.submit-> editing` (the invalid-form branch) cannot be taken. */
export const SUBMIT_IN_ERROR = `${IN_ERROR} So a submit always passes formValid there; the fallback exists because 'editing' and 'error' share one table of form events (code-form.ts).`;

export interface CodePasswordPathsOptions {
  name: string;
  /** A machine from createCodePasswordMachine, before doubles. */
  machine: AnyStateMachine;
  /** The options it was made with. */
  eventPrefix: string;
  submitActor: string;
  unreachable?: PathsModel['unreachable'];
}

export function codePasswordPathsModel({ name, machine, eventPrefix, submitActor, unreachable }: CodePasswordPathsOptions): PathsModel {
  const channelChanged = `${eventPrefix}.channelChanged`;
  const done = `xstate.done.actor.${submitActor}`;
  const error = `xstate.error.actor.${submitActor}`;
  return {
    name,
    machine: machine.provide({
      actors: {
        verificationCode: instantVerificationCode,
        [submitActor]: fromPromise<AuthCallResult, NewPasswordRequest>(async ({ input }) => {
          const answer = answerFor(input);
          if (answer === 'crash') throw new Error('connection reset');
          return answer;
        }),
      },
    }),
    input: { areaCode: '86' },
    ...(unreachable ? { unreachable } : {}),
    events: {
      'field.changed': fieldSamples,
      [channelChanged]: [
        { type: channelChanged, channel: 'email' },
        { type: channelChanged, channel: 'phone' },
      ],
      [done]: (snapshot) => {
        const answer = answerFor((snapshot.context as CodePasswordContext).request);
        return answer === 'crash' ? [] : [{ type: done, output: answer }];
      },
      [error]: (snapshot) =>
        answerFor((snapshot.context as CodePasswordContext).request) === 'crash' ? [{ type: error, error: new Error('connection reset') }] : [],
    },
    // The channel, how much of the form is filled and whether a failure shows decide what happens next.
    serializeContext: (context: CodePasswordContext) => ({
      channel: context.channel,
      areaCode: context.channel === 'phone' ? context.areaCode : undefined,
      filled: filled(context),
      failure: Boolean(context.errorMessage ?? context.errorKey),
      invalid: Object.keys(context.fieldErrors).length > 0,
      codeSent: context.codeSentTo !== undefined,
      submitted: context.request !== undefined,
    }),
  };
}
