// New password of /resetPassword: e-mail (default) or phone, verification code, new password and
// its confirmation. Success signs nobody in; the page sends the user on to /login.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { AuthCallResult, AuthField, Channel, FieldErrors, NewPasswordRequest } from './authForm';
import { checkCodeTarget, checkNewPasswordForm, UNEXPECTED_ERROR_KEY, withoutError } from './authForm';
import { resetPassword } from './authCalls';
import { verificationCodeMachine } from './verificationCode.machine';

export interface ResetPasswordContext {
  channel: Channel;
  email: string;
  areaCode: string;
  phone: string;
  code: string;
  password: string;
  confirm: string;
  fieldErrors: FieldErrors;
  /** The address the last code was requested for, so the page can say where it went. */
  codeSentTo?: string;
  request?: NewPasswordRequest;
  errorMessage?: string;
  errorKey?: string;
  errorParams?: Record<string, string | number>;
}

export type ResetPasswordEvent =
  | { type: 'reset.channelChanged'; channel: Channel }
  | { type: 'field.changed'; field: AuthField; value: string }
  | { type: 'code.request' }
  | { type: 'reset.submit' };

export interface ResetPasswordInput {
  areaCode?: string;
}

const formEvents = {
  'field.changed': { target: 'editing', actions: 'setField' },
  'reset.channelChanged': { target: 'editing', actions: 'setChannel' },
  'code.request': [
    { guard: 'codeTargetValid', actions: ['rememberCodeTarget', 'requestCode'] },
    { target: 'editing', actions: 'markCodeTargetInvalid' },
  ],
  // Validation happens in the transition: a valid form goes straight to submitting.
  'reset.submit': [
    { guard: 'formValid', target: 'submitting', actions: 'validateForm' },
    { target: 'editing', actions: 'validateForm' },
  ],
} as const;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput | undefined,
  },
  actors: {
    verificationCode: verificationCodeMachine,
    resetPassword: fromPromise<AuthCallResult, NewPasswordRequest>(({ input, signal }) => resetPassword(input, signal)),
  },
  guards: {
    codeTargetValid: ({ context }) => checkCodeTarget(context).ok,
    formValid: ({ context }) => checkNewPasswordForm(context).request !== undefined,
    succeeded: (_, output: AuthCallResult) => output.ok,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return {
        [event.field]: event.value,
        fieldErrors: withoutError(context.fieldErrors, event.field),
        errorMessage: undefined,
        errorKey: undefined,
      };
    }),
    setChannel: assign(({ event }) =>
      event.type === 'reset.channelChanged'
        ? { channel: event.channel, fieldErrors: {}, errorMessage: undefined, errorKey: undefined }
        : {},
    ),
    rememberCodeTarget: assign(({ context }) => {
      const target = checkCodeTarget(context);
      return { codeSentTo: target.ok ? target.username : undefined };
    }),
    requestCode: sendTo('verificationCode', ({ context }) => ({
      type: 'code.send' as const,
      username: context.codeSentTo ?? '',
      scene: 'reset' as const,
    })),
    markCodeTargetInvalid: assign(({ context }) => {
      const target = checkCodeTarget(context);
      return target.ok ? {} : { fieldErrors: { ...context.fieldErrors, [target.field]: target.key } };
    }),
    validateForm: assign(({ context }) => {
      const { errors, request } = checkNewPasswordForm(context);
      return { fieldErrors: errors, request, errorMessage: undefined, errorKey: undefined };
    }),
    storeFailure: assign((_, output: AuthCallResult) =>
      output.ok ? { errorKey: UNEXPECTED_ERROR_KEY } : { errorMessage: output.message, errorKey: output.messageKey, errorParams: output.messageParams },
    ),
    storeUnexpected: assign({ errorMessage: undefined, errorKey: UNEXPECTED_ERROR_KEY }),
  },
}).createMachine({
  id: 'resetPassword',
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
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => context.request ?? { username: '', code: '', password: '' },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'done',
          },
          { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: 'storeUnexpected' },
      },
    },
    error: { on: formEvents },
    done: { type: 'final' },
  },
});
