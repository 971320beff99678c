// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PasswordChangeInput } from '../../api/account/update-pwd';
import type { Notice } from '../notice';
import { PASSWORD_CHANGED_KEY, changePasswordMachine, passwordProblem, selectPasswordError, selectPasswordOpen, selectPasswordProblem, selectPasswordProblemShown } from './changePassword.machine';

function start(update: (input: PasswordChangeInput) => Promise<void>) {
  const sent: PasswordChangeInput[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    changePasswordMachine.provide({ actors: { updatePassword: fromPromise<void, PasswordChangeInput>(({ input }) => (sent.push(input), update(input))) } }),
  );
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, sent, notices };
}

const fill = (actor: ReturnType<typeof start>['actor'], old: string, next: string, confirm: string) => {
  actor.send({ type: 'password.oldChanged', value: old });
  actor.send({ type: 'password.newChanged', value: next });
  actor.send({ type: 'password.confirmChanged', value: confirm });
};

describe('changePassword machine', () => {
  it('names the first broken rule: old required, 8–24 with letters and digits, entries match', () => {
    expect(passwordProblem({ oldPassword: '', newPassword: 'fresh4567', confirmPassword: 'fresh4567' })).toBe('profile:oldPasswordRequired');
    expect(passwordProblem({ oldPassword: 'x', newPassword: 'ab1', confirmPassword: 'ab1' })).toBe('profile:passwordLength');
    expect(passwordProblem({ oldPassword: 'x', newPassword: 'a1'.repeat(13), confirmPassword: 'a1'.repeat(13) })).toBe('profile:passwordLength');
    expect(passwordProblem({ oldPassword: 'x', newPassword: 'onlyletters', confirmPassword: 'onlyletters' })).toBe('profile:passwordComposition');
    expect(passwordProblem({ oldPassword: 'x', newPassword: 'fresh4567', confirmPassword: 'fresh4568' })).toBe('profile:passwordsDiffer');
    expect(passwordProblem({ oldPassword: 'x', newPassword: 'fresh4567', confirmPassword: 'fresh4567' })).toBeNull();
  });

  it('sends nothing while a rule is broken, then sends all three entries and forgets them once changed', async () => {
    const { actor, sent, notices } = start(async () => undefined);
    actor.send({ type: 'password.open' });
    fill(actor, 'secret123', 'fresh4567', 'fresh4568');
    expect(selectPasswordProblem(actor.getSnapshot())).toBe('profile:passwordsDiffer');
    actor.send({ type: 'password.submitted' });
    expect(sent).toEqual([]);
    actor.send({ type: 'password.confirmChanged', value: 'fresh4567' });
    actor.send({ type: 'password.submitted' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(sent).toEqual([{ oldPassword: 'secret123', newPassword: 'fresh4567', confirmPassword: 'fresh4567' }]);
    expect(actor.getSnapshot().context).toMatchObject({ oldPassword: '', newPassword: '', confirmPassword: '' });
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: PASSWORD_CHANGED_KEY }]);
  });

  it('says why Save did nothing: the broken rule is shown once typed, or after Save pressed with nothing typed (issue 29)', () => {
    const { actor, sent } = start(async () => undefined);
    actor.send({ type: 'password.open' });
    actor.send({ type: 'password.oldChanged', value: 'secret123' });
    expect(selectPasswordProblemShown(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'password.submitted' });
    expect(selectPasswordProblemShown(actor.getSnapshot())).toBe('profile:passwordLength');
    actor.send({ type: 'password.newChanged', value: 'fresh4567' });
    actor.send({ type: 'password.confirmChanged', value: 'fresh4568' });
    actor.send({ type: 'password.submitted' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectPasswordProblemShown(actor.getSnapshot())).toBe('profile:passwordsDiffer');
    expect(sent).toEqual([]);
    actor.send({ type: 'password.close' });
    actor.send({ type: 'password.open' });
    expect(selectPasswordProblemShown(actor.getSnapshot())).toBeNull();
  });

  it('keeps the form open with the server refusal (wrong old password, limited)', async () => {
    const limited = { kind: 'business', code: 429, message: 'Too many wrong passwords, please try again in an hour' };
    const { actor, notices } = start(async () => Promise.reject(limited));
    actor.send({ type: 'password.open' });
    fill(actor, 'guess1234', 'fresh4567', 'fresh4567');
    actor.send({ type: 'password.submitted' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectPasswordOpen(actor.getSnapshot())).toBe(true);
    expect(selectPasswordError(actor.getSnapshot())).toEqual({ message: limited.message });
    expect(notices).toEqual([{ type: 'notice', level: 'error', message: limited.message }]);
    actor.send({ type: 'password.oldChanged', value: 'secret123' });
    expect(selectPasswordError(actor.getSnapshot())).toBeNull();
  });
});
