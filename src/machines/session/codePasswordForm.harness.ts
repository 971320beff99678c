// Runs a machine made by createCodePasswordMachine with a recording double for its server call and
// for the verification code, so register and resetPassword tests drive it the same way.
import type { Actor, AnyStateMachine, EventFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { AuthCallResult, Channel, NewPasswordRequest } from './auth-form';
import { recordingVerificationCode } from './auth.doubles';

export interface CodePasswordFormUnderTest<M extends AnyStateMachine> {
  machine: M;
  /** The options the machine was made with. */
  eventPrefix: string;
  submitActor: string;
}

export type CodePasswordField = 'email' | 'areaCode' | 'phone' | 'code' | 'password' | 'confirm';

export function setUpCodePasswordForm<M extends AnyStateMachine>(form: CodePasswordFormUnderTest<M>, answer: AuthCallResult) {
  const calls: NewPasswordRequest[] = [];
  const { verificationCode, codeSends } = recordingVerificationCode();
  const machine = form.machine.provide({
    actors: {
      verificationCode,
      [form.submitActor]: fromPromise<AuthCallResult, NewPasswordRequest>(async ({ input }) => {
        calls.push(input);
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start() as Actor<M>;
  const send = (event: { type: string; [key: string]: unknown }) => actor.send(event as EventFrom<M>);
  const type = (field: CodePasswordField, value: string) => send({ type: 'field.changed', field, value });
  return {
    actor,
    calls,
    codeSends,
    type,
    /** Types the fields one after the other, in the order given. */
    fill: (values: Partial<Record<CodePasswordField, string>>) => {
      for (const [field, value] of Object.entries(values)) type(field as CodePasswordField, value);
    },
    submit: () => send({ type: `${form.eventPrefix}.submit` }),
    switchChannel: (channel: Channel) => send({ type: `${form.eventPrefix}.channelChanged`, channel }),
  };
}
