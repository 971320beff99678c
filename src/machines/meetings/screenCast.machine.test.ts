import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { isCastCode, selectSavedCastCode } from './screenCast.machine';
import { pathsModel } from './screenCast.paths';

function start(code?: string, savedCode?: string) {
  const opened: string[] = [];
  const machine = pathsModel.machine.provide({ actions: { openProjection: (_: unknown, { code: found }: { code: string }) => opened.push(found) } } as never);
  const actor = createActor(machine, { input: { code, ...(savedCode !== undefined ? { savedCode } : {}) } }).start();
  return { actor, opened };
}

describe('screenCast machine (code entry)', () => {
  it('accepts six digits only', async () => {
    expect(isCastCode('123456')).toBe(true);
    expect(isCastCode('12345')).toBe(false);
    expect(isCastCode('12345a')).toBe(false);
    const { actor } = start(undefined, '');
    await waitFor(actor, (s) => s.matches('codeEntry'));
    actor.send({ type: 'cast.submit', code: '12ab' });
    expect(actor.getSnapshot().context.errorKey).toBe('meetings:castCodeInvalid');
    expect(actor.getSnapshot().value).toBe('codeEntry');
  });

  it('opens the projection of a known code and saves it on this device', async () => {
    localStorage.removeItem('parley.castCode');
    const { actor, opened } = start('123456');
    await waitFor(actor, (s) => s.matches('found'));
    expect(opened).toEqual(['123456']);
    expect(localStorage.getItem('parley.castCode')).toBe('123456');
    // The next visit offers the saved code.
    const next = start();
    expect(selectSavedCastCode(next.actor.getSnapshot())).toBe('123456');
  });

  it('shows link expired for an expired code and returns to code entry for an unknown one', async () => {
    const expired = start('999999', '');
    await waitFor(expired.actor, (s) => s.matches('linkExpired'));
    const unknown = start(undefined, '');
    await waitFor(unknown.actor, (s) => s.matches('codeEntry'));
    unknown.actor.send({ type: 'cast.submit', code: '555555' });
    await waitFor(unknown.actor, (s) => s.matches('codeEntry') && s.context.errorKey !== null);
    expect(unknown.actor.getSnapshot().context.errorKey).toBe('meetings:castCodeUnknown');
    expect(unknown.opened).toEqual([]);
  });
});
