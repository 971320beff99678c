// Registration of /register: e-mail (default) or phone, verification code, password and its
// confirmation. The code sign-in call registers a new address and answers with a token.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { AuthCallResult, AuthField, Channel, FieldErrors, NewPasswordRequest } from './authForm';
import { checkCodeTarget, checkNewPasswordForm, UNEXPECTED_ERROR_KEY, withoutError } from './authForm';
import { signInWithCode } from './authCalls';
import { verificationCodeMachine } from './verificationCode.machine';

export interface RegisterContext {
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
  token?: string;
}

export type RegisterEvent =
  | { type: 'register.channelChanged'; channel: Channel }
  | { type: 'field.changed'; field: AuthField; value: string }
  | { type: 'code.request' }
  | { type: 'register.submit' };

export interface RegisterInput {
  areaCode?: string;
}

const formEvents = {
  'field.changed': { target: 'editing', actions: 'setField' },
  'register.channelChanged': { target: 'editing', actions: 'setChannel' },
  'code.request': [
    { guard: 'codeTargetValid', actions: ['rememberCodeTarget', 'requestCode'] },
    { target: 'editing', actions: 'markCodeTargetInvalid' },
  ],
  // Validation happens in the transition: a valid form goes straight to submitting.
  'register.submit': [
    { guard: 'formValid', target: 'submitting', actions: 'validateForm' },
    { target: 'editing', actions: 'validateForm' },
  ],
} as const;

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterInput | undefined,
  },
  actors: {
    verificationCode: verificationCodeMachine,
    register: fromPromise<AuthCallResult, NewPasswordRequest>(({ input, signal }) => signInWithCode(input, signal)),
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
      event.type === 'register.channelChanged'
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
      scene: 'register' as const,
    })),
    markCodeTargetInvalid: assign(({ context }) => {
      const target = checkCodeTarget(context);
      return target.ok ? {} : { fieldErrors: { ...context.fieldErrors, [target.field]: target.key } };
    }),
    validateForm: assign(({ context }) => {
      const { errors, request } = checkNewPasswordForm(context);
      return { fieldErrors: errors, request, errorMessage: undefined, errorKey: undefined };
    }),
    storeToken: assign((_, output: AuthCallResult) => ({ token: output.ok ? output.token : undefined })),
    storeFailure: assign((_, output: AuthCallResult) =>
      output.ok ? { errorKey: UNEXPECTED_ERROR_KEY } : { errorMessage: output.message, errorKey: output.messageKey, errorParams: output.messageParams },
    ),
    storeUnexpected: assign({ errorMessage: undefined, errorKey: UNEXPECTED_ERROR_KEY }),
  },
}).createMachine({
  id: 'register',
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
        id: 'register',
        src: 'register',
        input: ({ context }) => context.request ?? { username: '', code: '', password: '' },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'registered',
            actions: { type: 'storeToken', params: ({ event }) => event.output },
          },
          { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: 'storeUnexpected' },
      },
    },
    error: { on: formEvents },
    // Registered and signed in: the page hands the token to the session.
    registered: { type: 'final' },
  },
});
