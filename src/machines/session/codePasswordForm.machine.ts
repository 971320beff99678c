// The form /register and /resetPassword share: e-mail (default) or phone, verification code, a new
// password and its confirmation, then one server call. Each page configures its own copy: the
// machine id, the event prefix, the code scene, the invoked call and the name of the final state.
import type { PromiseActorLogic, ProvidedActor, StateMachine } from 'xstate';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { AuthCallResult, AuthField, Channel, NewPasswordRequest } from './auth-form';
import { checkNewPasswordForm } from './auth-form';
import type { CodeFormContext } from './code-form';
import {
  codeFormEvents,
  codeSendEvent,
  codeTargetError,
  codeTargetValid,
  failureOf,
  fieldEdited,
  FRESH_FEEDBACK,
  rememberedCodeTarget,
  UNEXPECTED_FAILURE,
} from './code-form';
import type { CodeScene } from './verificationCode.machine';
import { verificationCodeMachine } from './verificationCode.machine';

export interface CodePasswordContext extends CodeFormContext {
  code: string;
  password: string;
  confirm: string;
  request?: NewPasswordRequest;
  /** Set only by forms that sign the user in (`keepToken`). */
  token?: string;
}

export type CodePasswordEvent<Prefix extends string> =
  | { type: `${Prefix}.channelChanged`; channel: Channel }
  | { type: 'field.changed'; field: AuthField; value: string }
  | { type: 'code.request' }
  | { type: `${Prefix}.submit` };

export interface CodePasswordInput {
  areaCode?: string;
}

export interface CodePasswordMachineOptions<Id extends string, Prefix extends string, Submit extends string, Final extends string> {
  id: Id;
  /** Names the form's own events: `<prefix>.channelChanged`, `<prefix>.submit`. */
  eventPrefix: Prefix;
  /** What the verification code is for (the server words the message after it). */
  scene: CodeScene;
  /** Id and source name of the invoked call, so tests provide it by that name. */
  submitActor: Submit;
  submit: (request: NewPasswordRequest, signal: AbortSignal) => Promise<AuthCallResult>;
  finalState: Final;
  /** Whether a successful answer carries a session token to keep. */
  keepToken: boolean;
}

type SubmitLogic = PromiseActorLogic<AuthCallResult, NewPasswordRequest>;

/** The actors a configured machine can be given with `provide`, named as its options named them. */
type CodePasswordActors<Submit extends string> =
  | { src: 'verificationCode'; logic: typeof verificationCodeMachine; id: string | undefined }
  | { src: Submit; logic: SubmitLogic; id: string | undefined };

// TypeScript cannot resolve setup's actor map while the call's name is still a type parameter
// (provide would accept any name); this puts the exact actors back on the built machine.
type WithActors<M, TActor extends ProvidedActor> =
  M extends StateMachine<infer C, infer E, infer Ch, any, infer A, infer G, infer D, infer SV, infer T, infer I, infer O, infer Em, infer SM, infer SS, infer TM>
    ? StateMachine<C, E, Ch, TActor, A, G, D, SV, T, I, O, Em, SM, SS, TM>
    : never;

export function createCodePasswordMachine<
  const Id extends string,
  const Prefix extends string,
  const Submit extends string,
  const Final extends string,
>(options: CodePasswordMachineOptions<Id, Prefix, Submit, Final>) {
  return buildCodePasswordMachine(options) as WithActors<
    ReturnType<typeof buildCodePasswordMachine<Id, Prefix, Submit, Final>>,
    CodePasswordActors<Submit>
  >;
}

function buildCodePasswordMachine<Id extends string, Prefix extends string, Submit extends string, Final extends string>(
  options: CodePasswordMachineOptions<Id, Prefix, Submit, Final>,
) {
  const { id, eventPrefix, scene, submitActor, submit, finalState, keepToken } = options;
  const formEvents = codeFormEvents(eventPrefix);
  const submitLogic: SubmitLogic = fromPromise(({ input, signal }) => submit(input, signal));
  const actors = { verificationCode: verificationCodeMachine, [submitActor]: submitLogic } as {
    [K in 'verificationCode' | Submit]: K extends 'verificationCode' ? typeof verificationCodeMachine : SubmitLogic;
  };

  return setup({
    types: {
      context: {} as CodePasswordContext,
      events: {} as CodePasswordEvent<Prefix>,
      input: {} as CodePasswordInput | undefined,
    },
    actors,
    guards: {
      codeTargetValid: ({ context }) => codeTargetValid(context),
      formValid: ({ context }) => checkNewPasswordForm(context).request !== undefined,
      succeeded: (_, output: AuthCallResult) => output.ok,
    },
    actions: {
      setField: assign(({ context, event }) => ('field' in event ? fieldEdited(context, event.field, event.value) : {})),
      setChannel: assign(({ event }) => ('channel' in event ? { channel: event.channel, ...FRESH_FEEDBACK } : {})),
      rememberCodeTarget: assign(({ context }) => rememberedCodeTarget(context)),
      requestCode: sendTo('verificationCode', ({ context }) => codeSendEvent(context, scene)),
      markCodeTargetInvalid: assign(({ context }) => codeTargetError(context)),
      validateForm: assign(({ context }) => {
        const { errors, request } = checkNewPasswordForm(context);
        return { fieldErrors: errors, request, errorMessage: undefined, errorKey: undefined };
      }),
      storeToken: assign((_, output: AuthCallResult) => ({ token: output.ok ? output.token : undefined })),
      storeFailure: assign((_, output: AuthCallResult) => failureOf(output)),
      storeUnexpected: assign(UNEXPECTED_FAILURE),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      channel: 'email',
      email: '',
      areaCode: input?.areaCode ?? '86',
      phone: '',
      code: '',
      password: '',
      confirm: '',
      fieldErrors: {},
    }),
    invoke: { id: 'verificationCode', src: 'verificationCode' },
    initial: 'editing',
    states: {
      editing: { on: formEvents },
      submitting: {
        invoke: {
          id: submitActor,
          src: submitActor,
          input: ({ context }) => context.request ?? { username: '', code: '', password: '' },
          onDone: [
            {
              guard: { type: 'succeeded', params: ({ event }) => event.output },
              target: finalState,
              actions: keepToken ? { type: 'storeToken', params: ({ event }) => event.output } : [],
            },
            { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
          ],
          onError: { target: 'error', actions: 'storeUnexpected' },
        },
      },
      error: { on: formEvents },
      // The page reads the outcome (a token, or just success) and leaves the form.
      ...({ [finalState]: { type: 'final' } } as Record<Final, { type: 'final' }>),
    },
  });
}
