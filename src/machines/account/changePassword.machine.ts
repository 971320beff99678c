// Change password (features §5): the old password is required, the new one is 8–24 characters with
// letters and digits (the shared rule the server applies), and both entries of it must match. The
// server signs out every other session; this one stays signed in.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { updatePasswordActor } from '../../api/account/update-pwd';
import type { ErrorText } from '../../api/errors';
import { checkPassword } from '../../shared/contract/credentials';
import type { Notice } from '../notice';
import { failureNotice, failureOf, isQuietFailure, noError, shownError, successNotice } from './form-failure';

export interface ChangePasswordContext extends ErrorText {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** Save was pressed while a rule was broken: the rule is shown even before anything was typed. */
  saveRefused: boolean;
}

export type ChangePasswordEvent =
  | { type: 'password.open' }
  | { type: 'password.oldChanged'; value: string }
  | { type: 'password.newChanged'; value: string }
  | { type: 'password.confirmChanged'; value: string }
  | { type: 'password.submitted' }
  | { type: 'password.close' };

export const PASSWORD_CHANGED_KEY = 'profile:passwordChanged';

/** The first rule the entries break, as a message key; null when they may be sent. */
export function passwordProblem(context: Pick<ChangePasswordContext, 'oldPassword' | 'newPassword' | 'confirmPassword'>): string | null {
  if (!context.oldPassword) return 'profile:oldPasswordRequired';
  const rule = checkPassword(context.newPassword);
  if (rule) return `profile:${rule}`;
  if (context.confirmPassword !== context.newPassword) return 'profile:passwordsDiffer';
  return null;
}

const empty = { oldPassword: '', newPassword: '', confirmPassword: '', saveRefused: false };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    emitted: {} as Notice,
  },
  actors: { updatePassword: updatePasswordActor },
  guards: {
    valid: ({ context }) => passwordProblem(context) === null,
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    reset: assign({ ...empty, ...noError }),
    change: assign(({ event }) => {
      if (event.type === 'password.oldChanged') return { oldPassword: event.value, ...noError };
      if (event.type === 'password.newChanged') return { newPassword: event.value, ...noError };
      if (event.type === 'password.confirmChanged') return { confirmPassword: event.value, ...noError };
      return {};
    }),
    rememberFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    noticeFailure: emit(({ context }) => failureNotice(context)),
    noticeChanged: emit(() => successNotice(PASSWORD_CHANGED_KEY)),
  },
}).createMachine({
  id: 'changePassword',
  context: { ...empty },
  initial: 'closed',
  states: {
    closed: {
      on: { 'password.open': { target: 'editing', actions: 'reset' } },
    },
    editing: {
      on: {
        'password.oldChanged': { actions: 'change' },
        'password.newChanged': { actions: 'change' },
        'password.confirmChanged': { actions: 'change' },
        // Save is never silently dead (issue 29): pressed with a broken rule it says which one.
        'password.submitted': [{ guard: 'valid', target: 'saving' }, { actions: assign({ saveRefused: true }) }],
        'password.close': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ context }) => ({ oldPassword: context.oldPassword, newPassword: context.newPassword, confirmPassword: context.confirmPassword }),
        // The entries are forgotten once the password changed: nothing keeps them in memory.
        onDone: { target: 'closed', actions: ['reset', 'noticeChanged'] },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'] },
        ],
      },
    },
  },
});

type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectPasswordOpen = (s: ChangePasswordSnapshot) => !s.matches('closed');
export const selectPasswordSaving = (s: ChangePasswordSnapshot) => s.matches('saving');
/** Server refusal first (it answers the last submit); otherwise the rule the entries break. */
export const selectPasswordError = (s: ChangePasswordSnapshot) => shownError(s.context);
export const selectPasswordProblem = (s: ChangePasswordSnapshot) => (s.matches('editing') ? passwordProblem(s.context) : null);
/** The broken rule to show: once a new password was typed, or after Save was pressed anyway. */
export const selectPasswordProblemShown = (s: ChangePasswordSnapshot) => {
  const typed = s.context.newPassword !== '' || s.context.confirmPassword !== '';
  return typed || s.context.saveRefused ? selectPasswordProblem(s) : null;
};
