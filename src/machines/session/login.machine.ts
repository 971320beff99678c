// Sign-in form of /login and /userLogin: password sign-in (e-mail or phone), verification-code
// sign-in by e-mail or by phone (the code call registers a new address), visitor and social sign-in.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { AuthCallResult, AuthField, Channel, FieldErrors } from './auth-form';
import { checkCode, checkCodeTarget, checkSignInUsername, hasErrors } from './auth-form';
import { signInWithCode } from '../../api/session/do-login-by-valid-code';
import { signInWithPassword } from '../../api/session/do-login';
import { startSocialSignInActor, type SocialProvider } from '../../api/session/social-sign-in';
import { signInAsVisitor } from '../../api/session/visitor-sign-in';

export type { SocialProvider };
import type { CodeFormFeedback } from './code-form';
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
import { verificationCodeMachine } from './verificationCode.machine';

export type LoginMode = 'password' | 'code';

export type SignInRequest =
  | { method: 'password'; username: string; password: string }
  | { method: 'code'; username: string; code: string }
  | { method: 'visitor' };

export interface LoginContext extends CodeFormFeedback {
  mode: LoginMode;
  channel: Channel;
  username: string;
  password: string;
  email: string;
  areaCode: string;
  phone: string;
  code: string;
  request?: SignInRequest;
  socialProvider?: SocialProvider;
  token?: string;
  /** Where the browser goes to continue a social sign-in. */
  redirectUrl?: string;
  /** The input: its source and redirect go along with a social sign-in so they survive the round trip. */
  returnTo?: LoginInput;
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
  source?: string | null;
  redirect?: string | null;
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

// Transitions every form state accepts; kept as data so editing and error stay in step.
const formEvents = {
  ...codeFormEvents('login'),
  'login.modeChanged': { target: 'editing', actions: 'setMode' },
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
    startSocial: startSocialSignInActor,
  },
  guards: {
    codeTargetValid: ({ context }) => codeTargetValid(context),
    formValid: ({ context }) => validate(context).request !== undefined,
    succeeded: (_, output: AuthCallResult) => output.ok,
    wasVisitor: ({ context }) => context.request?.method === 'visitor',
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === 'field.changed' ? fieldEdited(context, event.field, event.value) : {})),
    setMode: assign(({ event }) => (event.type === 'login.modeChanged' ? { mode: event.mode, ...FRESH_FEEDBACK } : {})),
    setChannel: assign(({ event }) => (event.type === 'login.channelChanged' ? { channel: event.channel, ...FRESH_FEEDBACK } : {})),
    rememberCodeTarget: assign(({ context }) => rememberedCodeTarget(context)),
    requestCode: sendTo('verificationCode', ({ context }) => codeSendEvent(context, 'login')),
    markCodeTargetInvalid: assign(({ context }) => codeTargetError(context)),
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
    storeUnexpected: assign(UNEXPECTED_FAILURE),
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
    returnTo: input,
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
        input: ({ context }) => ({ ...context.returnTo, provider: context.socialProvider ?? 'google' }),
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
