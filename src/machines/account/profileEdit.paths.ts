// Path model of the profile form. The save double refuses the nickname 'Taken' as the server would
// refuse a value, answers 'Gone' as a cancelled call (quiet) and saves anything else.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { profileEditMachine, type ProfileEditContext } from './profileEdit.machine';

const REFUSED = { kind: 'business', code: 400, message: 'At most 50 characters' };
const CANCELLED = { kind: 'cancelled' };
const errorFor = (nickname: string) => (nickname.trim() === 'Taken' ? REFUSED : nickname.trim() === 'Gone' ? CANCELLED : null);
const nicknameOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as ProfileEditContext).nickname;

export const pathsModel: PathsModel = {
  name: 'profileEdit',
  machine: profileEditMachine.provide({
    actors: {
      saveProfile: fromPromise<void, { userId: string; nickname: string; name: string }>(async ({ input }) => {
        const error = errorFor(input.nickname);
        if (error) throw error;
      }),
    },
  }),
  input: { userId: 'u1', nickname: null, name: 'Ann' },
  events: {
    'profile.nicknameChanged': [
      { type: 'profile.nicknameChanged', value: '  ' },
      { type: 'profile.nicknameChanged', value: ' Annie ' },
      { type: 'profile.nicknameChanged', value: 'Taken' },
      { type: 'profile.nicknameChanged', value: 'Gone' },
    ],
    'profile.nameChanged': [
      { type: 'profile.nameChanged', value: 'visitor' },
      { type: 'profile.nameChanged', value: 'Ann Lee' },
    ],
    'xstate.done.actor.saveProfile': (snapshot) => (errorFor(nicknameOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.saveProfile' }]),
    'xstate.error.actor.saveProfile': (snapshot) => {
      const error = errorFor(nicknameOf(snapshot));
      return error ? [{ type: 'xstate.error.actor.saveProfile', error }] : [];
    },
  },
  serializeContext: (context: ProfileEditContext) => ({
    saved: [context.savedNickname, context.savedName],
    form: [context.nickname, context.name],
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
  skipSimplePaths: true,
};
