// Sending a verification code and the resend countdown that follows (platform §5, features §5):
// idle → sending → countingDown → idle (may resend); a failed send waits in `error` for a retry.
import { map } from 'rxjs';
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import { describeError } from '../../api/errors';
import { sendVerificationCode } from '../../api/session/get-valid-code';
import { VERIFICATION_RESEND_SECONDS } from '../../shared/contract/limits';
import { countdown$ } from '../../streams/countdown$';

export type CodeScene = 'login' | 'register' | 'reset';

export interface SendCodeInput {
  username: string;
  scene: CodeScene;
}

export interface SendCodeOutput {
  /** The server may ask for a different wait than VERIFICATION_RESEND_SECONDS. */
  resendAfterSeconds?: number | null;
}

export interface VerificationCodeContext {
  secondsLeft: number;
  username?: string;
  scene?: CodeScene;
  errorMessage?: string;
  errorKey?: string;
  errorCode?: number;
}

export type VerificationCodeEvent =
  | { type: 'code.send'; username: string; scene: CodeScene }
  | { type: 'countdown.tick'; secondsLeft: number };

export const SEND_FAILED_KEY = 'api:verificationCodeSendFailed';

/** Only an ApiError's message comes from the server; any other exception becomes a message key. */
function describeFailure(error: unknown): Pick<VerificationCodeContext, 'errorMessage' | 'errorKey' | 'errorCode'> {
  const { errorMessage, errorKey, errorCode } = describeError(error, SEND_FAILED_KEY);
  return {
    ...(errorMessage ? { errorMessage } : { errorKey: errorKey ?? SEND_FAILED_KEY }),
    ...(errorCode !== undefined ? { errorCode } : {}),
  };
}

export const verificationCodeMachine = setup({
  types: {
    context: {} as VerificationCodeContext,
    events: {} as VerificationCodeEvent,
  },
  actors: {
    sendCode: fromPromise<SendCodeOutput, SendCodeInput>(({ input, signal }) => sendVerificationCode(input, signal)),
    countdown: fromEventObservable<VerificationCodeEvent, { seconds: number }>(({ input }) =>
      countdown$(input.seconds).pipe(map((secondsLeft) => ({ type: 'countdown.tick' as const, secondsLeft }))),
    ),
  },
  actions: {
    rememberRequest: assign(({ event }) =>
      event.type === 'code.send'
        ? { username: event.username, scene: event.scene, errorMessage: undefined, errorKey: undefined, errorCode: undefined }
        : {},
    ),
    startCountdown: assign({
      secondsLeft: (_, output: SendCodeOutput) => output.resendAfterSeconds ?? VERIFICATION_RESEND_SECONDS,
    }),
    rememberFailure: assign((_, error: unknown) => ({ secondsLeft: 0, ...describeFailure(error) })),
    showSecondsLeft: assign({
      secondsLeft: ({ event }) => (event.type === 'countdown.tick' ? event.secondsLeft : 0),
    }),
  },
  guards: {
    countdownOver: ({ event }) => event.type === 'countdown.tick' && event.secondsLeft <= 0,
    hasWait: (_, output: SendCodeOutput) => (output.resendAfterSeconds ?? VERIFICATION_RESEND_SECONDS) > 0,
  },
}).createMachine({
  id: 'verificationCode',
  context: { secondsLeft: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'code.send': { target: 'sending', actions: 'rememberRequest' } },
    },
    sending: {
      invoke: {
        src: 'sendCode',
        id: 'sendCode',
        input: ({ context }) => ({ username: context.username ?? '', scene: context.scene ?? 'login' }),
        onDone: [
          {
            guard: { type: 'hasWait', params: ({ event }) => event.output },
            target: 'countingDown',
            actions: { type: 'startCountdown', params: ({ event }) => event.output },
          },
          { target: 'idle' },
        ],
        onError: {
          target: 'error',
          actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    countingDown: {
      invoke: { src: 'countdown', id: 'countdown', input: ({ context }) => ({ seconds: context.secondsLeft }) },
      on: {
        'countdown.tick': [
          { guard: 'countdownOver', target: 'idle', actions: 'showSecondsLeft' },
          { actions: 'showSecondsLeft' },
        ],
      },
    },
    error: {
      on: { 'code.send': { target: 'sending', actions: 'rememberRequest' } },
    },
  },
});

export const selectCanSend = (snapshot: { matches(value: 'idle' | 'error'): boolean }) =>
  snapshot.matches('idle') || snapshot.matches('error');

export type CodeSendStatus = 'idle' | 'sending' | 'countingDown';
export interface CodeSendState {
  status: CodeSendStatus;
  secondsLeft: number;
  errorMessage: string | undefined;
  errorKey: string | undefined;
}
const IDLE_CODE_SEND: CodeSendState = { status: 'idle', secondsLeft: 0, errorMessage: undefined, errorKey: undefined };

/** A form's verificationCode child as the code field shows it (idle before the child exists). Compare with shallowEqual. */
export const selectCodeSend = (snapshot: { matches(value: string): boolean; context: unknown } | undefined): CodeSendState => {
  if (!snapshot) return IDLE_CODE_SEND;
  const status: CodeSendStatus = snapshot.matches('sending') ? 'sending' : snapshot.matches('countingDown') ? 'countingDown' : 'idle';
  const context = snapshot.context as { secondsLeft: number; errorMessage?: string; errorKey?: string };
  return { status, secondsLeft: context.secondsLeft, errorMessage: context.errorMessage, errorKey: context.errorKey };
};
