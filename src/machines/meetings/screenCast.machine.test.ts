import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { isCastCode } from './screenCast.machine';
import { pathsModel } from './screenCast.paths';

const start = (code?: string) => createActor(pathsModel.machine, { input: { code, socketUrl: () => 'ws://test' } }).start();

describe('screenCast machine', () => {
  it('accepts six digits only', async () => {
    expect(isCastCode('123456')).toBe(true);
    expect(isCastCode('12345')).toBe(false);
    expect(isCastCode('12345a')).toBe(false);
    const actor = start();
    await waitFor(actor, (s) => s.matches('codeEntry'));
    actor.send({ type: 'cast.submit', code: '12ab' });
    expect(actor.getSnapshot().context.errorKey).toBe('meetings:castCodeInvalid');
    expect(actor.getSnapshot().value).toBe('codeEntry');
  });

  it('projects a known code from the address, then shows link expired', async () => {
    const actor = start('123456');
    await waitFor(actor, (s) => s.matches('projecting'));
    expect(actor.getSnapshot().context.screen?.meetingId).toBe('m1');
    expect(actor.getSnapshot().children.liveSubtitles).toBeDefined();
    actor.send({ type: 'cast.expired' });
    expect(actor.getSnapshot().value).toBe('linkExpired');
  });

  it('shows link expired when the projected subtitles end', async () => {
    vi.useFakeTimers();
    try {
      const actor = start('123456');
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('projecting'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(actor.getSnapshot().value).toBe('linkExpired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows link expired for an expired code and returns to code entry for an unknown one', async () => {
    const expired = start('999999');
    await waitFor(expired, (s) => s.matches('linkExpired'));
    const unknown = start();
    await waitFor(unknown, (s) => s.matches('codeEntry'));
    unknown.send({ type: 'cast.submit', code: '555555' });
    await waitFor(unknown, (s) => s.matches('codeEntry') && s.context.errorKey !== null);
    expect(unknown.getSnapshot().context.errorKey).toBe('meetings:castCodeUnknown');
  });
});
