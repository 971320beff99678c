// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Notice } from '../notice';
import { PROFILE_SAVED_KEY, profileEditMachine, profileProblem, selectProfileEditing, selectProfileError } from './profileEdit.machine';

type Saved = { userId: string; nickname: string; name: string };

function start(save: (input: Saved) => Promise<void>) {
  const sent: Saved[] = [];
  const notices: Notice[] = [];
  const actor = createActor(profileEditMachine.provide({ actors: { saveProfile: fromPromise<void, Saved>(({ input }) => (sent.push(input), save(input))) } }), {
    input: { userId: 'u1', nickname: null, name: 'Ann' },
  });
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, sent, notices };
}

describe('profileEdit machine', () => {
  it('checks the server rules: required, at most 50 characters, not the visitor name', () => {
    expect(profileProblem(' ', 'Ann')).toBe('profile:nicknameRequired');
    expect(profileProblem('Annie', '')).toBe('profile:nameRequired');
    expect(profileProblem('x'.repeat(51), 'Ann')).toBe('profile:textTooLong');
    expect(profileProblem('Annie', ' Visitor ')).toBe('profile:nameReserved');
    expect(profileProblem('安妮'.repeat(25), 'Ann')).toBeNull();
  });

  it('saves trimmed values and shows them', async () => {
    const { actor, sent, notices } = start(async () => undefined);
    const saved: unknown[] = [];
    actor.on('profile.saved', (event) => saved.push(event));
    expect(selectProfileEditing(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.nicknameChanged', value: '  ' });
    actor.send({ type: 'profile.submitted' });
    expect(sent).toEqual([]);
    expect(selectProfileError(actor.getSnapshot())).toEqual({ messageKey: 'profile:nicknameRequired' });
    actor.send({ type: 'profile.nicknameChanged', value: ' Annie ' });
    actor.send({ type: 'profile.nameChanged', value: ' Ann Lee ' });
    actor.send({ type: 'profile.submitted' });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(sent).toEqual([{ userId: 'u1', nickname: 'Annie', name: 'Ann Lee' }]);
    expect(actor.getSnapshot().context).toMatchObject({ savedNickname: 'Annie', savedName: 'Ann Lee' });
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: PROFILE_SAVED_KEY }]);
    expect(saved).toEqual([{ type: 'profile.saved', nickname: 'Annie', name: 'Ann Lee' }]);
  });

  it('keeps the form with the server refusal; cancel returns to the saved values', async () => {
    const refusal = { kind: 'business', code: 400, message: 'This name is reserved, please choose another' };
    const { actor } = start(async () => Promise.reject(refusal));
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.nicknameChanged', value: 'Annie' });
    actor.send({ type: 'profile.submitted' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errorMessage !== undefined);
    expect(selectProfileError(actor.getSnapshot())).toEqual({ message: refusal.message });
    actor.send({ type: 'profile.cancel' });
    actor.send({ type: 'profile.edit' });
    expect(actor.getSnapshot().context).toMatchObject({ nickname: '', name: 'Ann' });
  });
});
