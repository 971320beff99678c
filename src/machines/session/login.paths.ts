// Path model of the login machine (convention: src/testing/paths.ts). The doubles answer by
// request: password sign-in succeeds, code sign-in by e-mail is refused, by phone it crashes, a visitor
// is refused (only logged; a visitor's success is the same transition as a password success);
// Google is not configured, WeChat is — but its start crashes when asked from the code form (so
// socialStarting's failure is walked; the double reads the form from the login actor, its parent).
import type { AnyMachineSnapshot } from 'xstate';
import { fromPromise } from 'xstate';
import type { AuthCallResult } from './auth-form';
import type { SocialProvider } from './login.machine';
import type { SocialStart } from '../../api/session/social-sign-in';
import { filledCount, instantVerificationCode } from './auth.doubles';
import type { LoginContext, SignInRequest } from './login.machine';
import { loginMachine } from './login.machine';
import type { PathsModel } from '../../testing/paths';

function answerFor(request: SignInRequest | undefined): AuthCallResult | 'crash' {
  if (request?.method === 'visitor') return { ok: false, message: 'visitor refused' };
  if (request?.method === 'password') return { ok: true, token: 'user-token' };
  return request?.username.startsWith('+') ? 'crash' : { ok: false, message: 'The code is wrong' };
}

/** The social start crashes for WeChat asked from the code form. */
const socialCrashes = (provider: SocialProvider, context: LoginContext | undefined) => provider === 'wechat' && context?.mode === 'code';
const SOCIAL_CRASH = new Error('connection reset');
const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  self._parent?.getSnapshot().context as LoginContext | undefined;

function socialAnswer(provider: SocialProvider): AuthCallResult {
  return provider === 'wechat'
    ? { ok: true, url: 'https://open.weixin.example/qr' }
    : { ok: false, message: 'Google sign-in is not configured' };
}

const machine = loginMachine.provide({
  actors: {
    verificationCode: instantVerificationCode,
    signIn: fromPromise<AuthCallResult, SignInRequest>(async ({ input }) => {
      const answer = answerFor(input);
      if (answer === 'crash') throw new Error('connection reset');
      return answer;
    }),
    startSocial: fromPromise<AuthCallResult, SocialStart>(async ({ input, self }) => {
      if (socialCrashes(input.provider, parentContext(self))) throw SOCIAL_CRASH;
      return socialAnswer(input.provider);
    }),
  },
  actions: { logVisitorFailure: () => {} },
});

function relevantFields(context: LoginContext): string[] {
  if (context.mode === 'password') return ['username', 'password'];
  return context.channel === 'email' ? ['email', 'code'] : ['phone', 'code'];
}

const SAMPLES: Record<string, string> = {
  username: 'ann@example.com',
  password: 'secret123',
  email: 'ann@example.com',
  phone: '13800138000',
  code: '123456',
};

// The form is filled one field at a time in a fixed order (keeps the graph small); a full form
// offers a re-typed last field, which is how a user leaves the error state.
function fieldSamples(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as LoginContext;
  const values = context as unknown as Record<string, string>;
  const fields = relevantFields(context);
  const next = fields.find((field) => values[field] === '');
  if (next) return [{ type: 'field.changed' as const, field: next, value: SAMPLES[next]! }];
  const last = fields[fields.length - 1]!;
  return [{ type: 'field.changed' as const, field: last, value: values[last] === SAMPLES[last] ? `${SAMPLES[last]}9` : SAMPLES[last]! }];
}

export const pathsModel: PathsModel = {
  name: 'login',
  machine,
  input: { areaCode: '86' },
  events: {
    'field.changed': fieldSamples,
    'login.modeChanged': [
      { type: 'login.modeChanged', mode: 'password' },
      { type: 'login.modeChanged', mode: 'code' },
    ],
    'login.channelChanged': [
      { type: 'login.channelChanged', channel: 'email' },
      { type: 'login.channelChanged', channel: 'phone' },
    ],
    'social.start': [
      { type: 'social.start', provider: 'google' },
      { type: 'social.start', provider: 'wechat' },
    ],
    'xstate.done.actor.signIn': (snapshot) => {
      const answer = answerFor((snapshot.context as LoginContext).request);
      return answer === 'crash' ? [] : [{ type: 'xstate.done.actor.signIn', output: answer }];
    },
    'xstate.error.actor.signIn': (snapshot) =>
      answerFor((snapshot.context as LoginContext).request) === 'crash'
        ? [{ type: 'xstate.error.actor.signIn', error: new Error('connection reset') }]
        : [],
    'xstate.done.actor.startSocial': (snapshot) => {
      const context = snapshot.context as LoginContext;
      const provider = context.socialProvider ?? 'google';
      return socialCrashes(provider, context) ? [] : [{ type: 'xstate.done.actor.startSocial', output: socialAnswer(provider) }];
    },
    'xstate.error.actor.startSocial': (snapshot) => {
      const context = snapshot.context as LoginContext;
      return socialCrashes(context.socialProvider ?? 'google', context) ? [{ type: 'xstate.error.actor.startSocial', error: SOCIAL_CRASH }] : [];
    },
  },
  // Which form is shown, how much of it is filled and whether a failure is on screen is what
  // changes the machine's behaviour; the exact texts do not.
  serializeContext: (context: LoginContext) => ({
    mode: context.mode,
    channel: context.mode === 'code' ? context.channel : undefined,
    filled: filledCount(context, relevantFields(context)),
    failure: Boolean(context.errorMessage ?? context.errorKey),
    invalid: Object.keys(context.fieldErrors).length > 0,
    codeSent: context.codeSentTo !== undefined,
    request: context.request?.method,
    provider: context.socialProvider,
  }),
};
