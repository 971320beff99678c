// Sign-in form of /login and /userLogin: password sign-in (e-mail or phone), verification-code
// sign-in by e-mail or by phone (the code call registers a new address), visitor and social sign-in.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { AuthCallResult, AuthField, Channel, FieldErrors } from './authForm';
import { checkCode, checkCodeTarget, checkSignInUsername, hasErrors, UNEXPECTED_ERROR_KEY, withoutError } from './authForm';
import type { SocialProvider } from './authCalls';
import { signInAsVisitor, signInWithCode, signInWithPassword, startSocialSignIn } from './authCalls';
import { verificationCodeMachine } from './verificationCode.machine';

export type LoginMode = 'password' | 'code';

export type SignInRequest =
  | { method: 'password'; username: string; password: string }
  | { method: 'code'; username: string; code: string }
  | { method: 'visitor' };

export interface LoginContext {
  mode: LoginMode;
  channel: Channel;
  username: string;
  password: string;
  email: string;
  areaCode: string;
  phone: string;
  code: string;
  fieldErrors: FieldErrors;
  /** The address the last code was requested for, so the page can say where it went. */
  codeSentTo?: string;
  request?: SignInRequest;
  socialProvider?: SocialProvider;
  /** The server's own message (already in the user's language). */
  errorMessage?: string;
  /** An i18n key when there is no server message (transport failure, unexpected answer). */
  errorKey?: string;
  errorParams?: Record<string, string | number>;
  token?: string;
  /** Where the browser goes to continue a social sign-in. */
  redirectUrl?: string;
}

export type LoginEvent =
  | { type: 'login.modeChanged'; mode: LoginMode }
  | { type: 'login.channelChanged'; channel: Channel }
  | { type: 'field.changed'; field: AuthField; value: string }
  | { type: 'code.request' }
  | { type: 'login.submit' }
  | { type: 'visitor.login' }
  | { type: 'social.start'; provider: SocialProvider };

export interface LoginInput {
  mode?: LoginMode;
  areaCode?: string;
}

export const DEFAULT_AREA_CODE = '86';

function validate(context: LoginContext): { errors: FieldErrors; request?: SignInRequest } {
  if (context.mode === 'password') {
    const errors: FieldErrors = {};
    const username = checkSignInUsername(context.username);
    if (!username.ok) errors[username.field] = username.key;
    if (context.password === '') errors.password = 'auth:validation.passwordRequired';
    if (!username.ok || hasErrors(errors)) return { errors };
    return { errors, request: { method: 'password', username: username.username, password: context.password } };
  }
  const errors: FieldErrors = {};
  const target = checkCodeTarget(context);
  if (!target.ok) errors[target.field] = target.key;
  const codeProblem = checkCode(context.code);
  if (codeProblem) errors.code = codeProblem;
  if (!target.ok || hasErrors(errors)) return { errors };
  return { errors, request: { method: 'code', username: target.username, code: context.code.trim() } };
}

function failureOf(output: AuthCallResult) {
  return output.ok ? { errorKey: UNEXPECTED_ERROR_KEY } : { errorMessage: output.message, errorKey: output.messageKey, errorParams: output.messageParams };
}

// Transitions every form state accepts; kept as data so editing and error stay in step.
const formEvents = {
  'field.changed': { target: 'editing', actions: 'setField' },
  'login.modeChanged': { target: 'editing', actions: 'setMode' },
  'login.channelChanged': { target: 'editing', actions: 'setChannel' },
  'code.request': [
    { guard: 'codeTargetValid', actions: ['rememberCodeTarget', 'requestCode'] },
    { target: 'editing', actions: 'markCodeTargetInvalid' },
  ],
  // Validation happens in the transition: a valid form goes straight to submitting.
  'login.submit': [
    { guard: 'formValid', target: 'submitting', actions: 'validateForm' },
    { target: 'editing', actions: 'validateForm' },
  ],
  'visitor.login': { target: 'submitting', actions: 'chooseVisitor' },
  'social.start': { target: 'socialStarting', actions: 'chooseSocialProvider' },
} as const;

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput | undefined,
  },
  actors: {
    verificationCode: verificationCodeMachine,
    signIn: fromPromise<AuthCallResult, SignInRequest>(({ input, signal }) => {
      if (input.method === 'password') return signInWithPassword({ username: input.username, password: input.password }, signal);
      if (input.method === 'code') return signInWithCode({ username: input.username, code: input.code }, signal);
      return signInAsVisitor(signal);
    }),
    startSocial: fromPromise<AuthCallResult, SocialProvider>(({ input, signal }) => startSocialSignIn(input, signal)),
  },
  guards: {
    codeTargetValid: ({ context }) => checkCodeTarget(context).ok,
    formValid: ({ context }) => validate(context).request !== undefined,
    succeeded: (_, output: AuthCallResult) => output.ok,
    wasVisitor: ({ context }) => context.request?.method === 'visitor',
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
    setMode: assign(({ event }) =>
      event.type === 'login.modeChanged'
        ? { mode: event.mode, fieldErrors: {}, errorMessage: undefined, errorKey: undefined }
        : {},
    ),
    setChannel: assign(({ event }) =>
      event.type === 'login.channelChanged'
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
      scene: 'login' as const,
    })),
    markCodeTargetInvalid: assign(({ context }) => {
      const target = checkCodeTarget(context);
      return target.ok ? {} : { fieldErrors: { ...context.fieldErrors, [target.field]: target.key } };
    }),
    validateForm: assign(({ context }) => {
      const { errors, request } = validate(context);
      return { fieldErrors: errors, request, errorMessage: undefined, errorKey: undefined };
    }),
    chooseVisitor: assign({ request: { method: 'visitor' } as SignInRequest, errorMessage: undefined, errorKey: undefined }),
    chooseSocialProvider: assign(({ event }) =>
      event.type === 'social.start' ? { socialProvider: event.provider, errorMessage: undefined, errorKey: undefined } : {},
    ),
    storeToken: assign((_, output: AuthCallResult) => ({ token: output.ok ? output.token : undefined })),
    storeRedirect: assign((_, output: AuthCallResult) => ({ redirectUrl: output.ok ? output.url : undefined })),
    storeFailure: assign((_, output: AuthCallResult) => failureOf(output)),
    storeUnexpected: assign({ errorMessage: undefined, errorKey: UNEXPECTED_ERROR_KEY }),
    // The spec: a failed visitor sign-in is only logged, never shown.
    logVisitorFailure: (_, output: AuthCallResult) => {
      console.warn('visitor sign-in failed', output);
    },
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    mode: input?.mode ?? 'password',
    channel: 'email',
    username: '',
    password: '',
    email: '',
    areaCode: input?.areaCode ?? DEFAULT_AREA_CODE,
    phone: '',
    code: '',
    fieldErrors: {},
  }),
  invoke: { id: 'verificationCode', src: 'verificationCode' },
  initial: 'editing',
  states: {
    editing: { on: formEvents },
    submitting: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.request ?? { method: 'visitor' },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'storeToken', params: ({ event }) => event.output },
          },
          {
            guard: 'wasVisitor',
            target: 'editing',
            actions: { type: 'logVisitorFailure', params: ({ event }) => event.output },
          },
          { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: 'storeUnexpected' },
      },
    },
    socialStarting: {
      invoke: {
        id: 'startSocial',
        src: 'startSocial',
        input: ({ context }) => context.socialProvider ?? 'google',
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: { type: 'storeRedirect', params: ({ event }) => event.output },
          },
          { target: 'error', actions: { type: 'storeFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: 'storeUnexpected' },
      },
    },
    error: { on: formEvents },
    // Final states: the page reads the token (or the provider address) and leaves the form.
    redirecting: { type: 'final' },
    signedIn: { type: 'final' },
  },
});
