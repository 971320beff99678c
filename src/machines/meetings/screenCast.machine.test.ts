import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { isCastCode } from './screenCast.machine';
import { pathsModel } from './screenCast.paths';

const start = (code?: string) => createActor(pathsModel.machine, { input: { code } }).start();

describe('screenCast machine', () => {
  it('accepts six digits only', () => {
    expect(isCastCode('123456')).toBe(true);
    expect(isCastCode('12345')).toBe(false);
    expect(isCastCode('12345a')).toBe(false);
    const actor = start();
    actor.send({ type: 'cast.submit', code: '12ab' });
    expect(actor.getSnapshot().context.errorKey).toBe('meetings:castCodeInvalid');
    expect(actor.getSnapshot().value).toBe('codeEntry');
  });

  it('projects a known code from the address, then shows link expired', async () => {
    const actor = start('123456');
    await waitFor(actor, (s) => s.matches('projecting'));
    expect(actor.getSnapshot().context.screen?.meetingId).toBe('m1');
    actor.send({ type: 'cast.expired' });
    expect(actor.getSnapshot().value).toBe('linkExpired');
  });

  it('shows link expired for an expired code and returns to code entry for an unknown one', async () => {
    const expired = start('999999');
    await waitFor(expired, (s) => s.matches('linkExpired'));
    const unknown = start();
    unknown.send({ type: 'cast.submit', code: '555555' });
    await waitFor(unknown, (s) => s.matches('codeEntry') && s.context.errorKey !== null);
    expect(unknown.getSnapshot().context.errorKey).toBe('meetings:castCodeUnknown');
  });
});
