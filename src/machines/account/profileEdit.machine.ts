// The personal centre's basic information (features §2): nickname and name, shown, then edited
// and saved together. Both are trimmed, required and at most 50 characters — the server's rules, so
// the form refuses what the server would. A failed save keeps the form open with the message.
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { saveProfileActor } from '../../api/account/client-user-edit';
import type { ErrorText } from '../../api/errors';
import { NICKNAME_MAX, PROFILE_NAME_MAX } from '../../shared/contract/profile-limits';
import type { Notice } from '../notice';
import { failureNotice, failureOf, isQuietFailure, noError, shownError, successNotice } from './form-failure';

export interface ProfileEditInput {
  userId: string;
  nickname: string | null;
  name: string;
}

export interface ProfileEditContext extends ErrorText {
  userId: string;
  /** What the server holds. */
  savedNickname: string;
  savedName: string;
  /** What the form holds while editing. */
  nickname: string;
  name: string;
}

export type ProfileEditEvent =
  | { type: 'profile.edit' }
  | { type: 'profile.nicknameChanged'; value: string }
  | { type: 'profile.nameChanged'; value: string }
  | { type: 'profile.submitted' }
  | { type: 'profile.cancel' };

export const PROFILE_SAVED_KEY = 'profile:saved';

export type ProfileEditEmitted = Notice | { type: 'profile.saved'; nickname: string; name: string };

/** The first rule the form's values break, as a message key; null when they may be saved. */
export function profileProblem(nickname: string, name: string): string | null {
  if (!nickname.trim()) return 'profile:nicknameRequired';
  if (!name.trim()) return 'profile:nameRequired';
  if ([...nickname.trim()].length > NICKNAME_MAX || [...name.trim()].length > PROFILE_NAME_MAX) return 'profile:textTooLong';
  if (name.trim().toLowerCase() === 'visitor') return 'profile:nameReserved';
  return null;
}

export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
    input: {} as ProfileEditInput,
    emitted: {} as ProfileEditEmitted,
  },
  actors: { saveProfile: saveProfileActor },
  guards: {
    valid: ({ context }) => profileProblem(context.nickname, context.name) === null,
    quietFailure: (_, params: { error: unknown }) => isQuietFailure(params.error),
  },
  actions: {
    startEditing: assign(({ context }) => ({ nickname: context.savedNickname, name: context.savedName, ...noError })),
    changeNickname: assign(({ event }) => (event.type === 'profile.nicknameChanged' ? { nickname: event.value, ...noError } : {})),
    changeName: assign(({ event }) => (event.type === 'profile.nameChanged' ? { name: event.value, ...noError } : {})),
    keepSaved: assign(({ context }) => ({ savedNickname: context.nickname.trim(), savedName: context.name.trim() })),
    rememberFailure: assign((_, params: { error: unknown }) => failureOf(params.error)),
    noticeFailure: emit(({ context }) => failureNotice(context)),
    noticeSaved: emit(() => successNotice(PROFILE_SAVED_KEY)),
    announceSaved: emit(({ context }) => ({ type: 'profile.saved' as const, nickname: context.savedNickname, name: context.savedName })),
  },
}).createMachine({
  id: 'profileEdit',
  context: ({ input }) => ({
    userId: input.userId,
    savedNickname: input.nickname ?? '',
    savedName: input.name,
    nickname: input.nickname ?? '',
    name: input.name,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: { 'profile.edit': { target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      on: {
        'profile.nicknameChanged': { actions: 'changeNickname' },
        'profile.nameChanged': { actions: 'changeName' },
        'profile.submitted': { guard: 'valid', target: 'saving' },
        'profile.cancel': 'viewing',
      },
    },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ userId: context.userId, nickname: context.nickname.trim(), name: context.name.trim() }),
        onDone: { target: 'viewing', actions: ['keepSaved', 'noticeSaved', 'announceSaved'] },
        onError: [
          { guard: { type: 'quietFailure', params: ({ event }) => ({ error: event.error }) }, target: 'editing' },
          { target: 'editing', actions: [{ type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) }, 'noticeFailure'] },
        ],
      },
    },
  },
});

type ProfileEditSnapshot = SnapshotFrom<typeof profileEditMachine>;

export const selectProfileEditing = (s: ProfileEditSnapshot) => !s.matches('viewing');
export const selectProfileSaving = (s: ProfileEditSnapshot) => s.matches('saving');
/** The rule the values break (shown once the user typed), else the server's refusal. */
export const selectProfileError = (s: ProfileEditSnapshot) => {
  const problem = s.matches('editing') ? profileProblem(s.context.nickname, s.context.name) : null;
  return problem ? { messageKey: problem } : shownError(s.context);
};
