// Path model of the change-password form. The double refuses the old password 'wrong1234' as the
// server does, answers 'gone1234' as a cancelled call (quiet) and accepts any other.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { PasswordChangeInput } from '../../api/account/update-pwd';
import { changePasswordMachine, type ChangePasswordContext } from './changePassword.machine';

const WRONG = { kind: 'business', code: 400, message: 'The current password is wrong' };
const CANCELLED = { kind: 'cancelled' };
const errorFor = (old: string) => (old === 'wrong1234' ? WRONG : old === 'gone1234' ? CANCELLED : null);
const oldOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as ChangePasswordContext).oldPassword;

export const pathsModel: PathsModel = {
  name: 'changePassword',
  machine: changePasswordMachine.provide({
    actors: {
      updatePassword: fromPromise<void, PasswordChangeInput>(async ({ input }) => {
        const error = errorFor(input.oldPassword);
        if (error) throw error;
      }),
    },
  }),
  events: {
    'password.oldChanged': [
      { type: 'password.oldChanged', value: 'secret123' },
      { type: 'password.oldChanged', value: 'wrong1234' },
      { type: 'password.oldChanged', value: 'gone1234' },
    ],
    'password.newChanged': [
      { type: 'password.newChanged', value: 'short1' },
      { type: 'password.newChanged', value: 'fresh4567' },
    ],
    'password.confirmChanged': [
      { type: 'password.confirmChanged', value: 'fresh4567' },
      { type: 'password.confirmChanged', value: 'other4567' },
    ],
    'xstate.done.actor.updatePassword': (snapshot) => (errorFor(oldOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.updatePassword' }]),
    'xstate.error.actor.updatePassword': (snapshot) => {
      const error = errorFor(oldOf(snapshot));
      return error ? [{ type: 'xstate.error.actor.updatePassword', error }] : [];
    },
  },
  serializeContext: (context: ChangePasswordContext) => ({
    entries: [context.oldPassword, context.newPassword, context.confirmPassword],
    saveRefused: context.saveRefused,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
  skipSimplePaths: true,
};
