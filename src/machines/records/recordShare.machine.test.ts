// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ShareSave } from './recordList.types';
import { SHARE_EXPIRY_PAST_KEY, expiryDateOf, expiryInstant, recordShareMachine, shareUrl } from './recordShare.machine';
import { fakeRecord } from './recordList.doubles';
import type { RecordItem } from './recordList.types';

const NOW = new Date(2025, 5, 15, 12, 0, 0);
const CODE = 'abcdefghijklmnopqrstuvwxyz012345';

function start(record: RecordItem = fakeRecord(1)) {
  const saves: ShareSave[] = [];
  const machine = recordShareMachine.provide({
    actors: {
      saveShare: fromPromise<RecordItem, ShareSave>(async ({ input }) => {
        saves.push(input);
        if (input.shareStatus === '0') return { ...record, shareStatus: '0', shareCode: null, copyStatus: '0', shareExpireTime: null };
        return { ...record, shareStatus: '1', shareCode: CODE, copyStatus: input.copyStatus ?? '0', shareExpireTime: input.shareExpireTime ?? null };
      }),
    },
  });
  const actor = createActor(machine, { input: { record, now: NOW } }).start();
  return { actor, saves };
}

describe('recordShare machine', () => {
  it('creates a read link with copies allowed and an expiry at the end of the chosen day', async () => {
    const { actor, saves } = start();
    const changed: RecordItem[] = [];
    actor.on('share.recordChanged', (event) => changed.push(event.record));
    expect(actor.getSnapshot().value).toBe('unshared');
    actor.send({ type: 'share.optionsChanged', allowCopy: true, expiryDate: '2025-06-20' });
    actor.send({ type: 'share.create' });
    await waitFor(actor, (s) => s.matches('shared'));
    expect(changed.map((record) => record.shareCode)).toEqual([CODE]);
    expect(saves).toEqual([
      { id: 'r1', shareStatus: '1', copyStatus: '1', shareExpireTime: new Date(2025, 5, 20, 23, 59, 59, 999).toISOString() },
    ]);
    expect(shareUrl('https://parley.test', actor.getSnapshot().context.record)).toBe(
      `https://parley.test/meetingShare?id=r1&shareCode=${CODE}`,
    );
    expect(actor.getSnapshot().context.expiryDate).toBe('2025-06-20');
  });

  it('refuses an expiry day already over, without a call', () => {
    const { actor, saves } = start();
    actor.send({ type: 'share.optionsChanged', expiryDate: '2025-06-14' });
    actor.send({ type: 'share.create' });
    expect(actor.getSnapshot().context.errorKey).toBe(SHARE_EXPIRY_PAST_KEY);
    expect(actor.getSnapshot().value).toBe('unshared');
    expect(saves).toEqual([]);
    // Today still counts: the link works until the end of the day.
    actor.send({ type: 'share.optionsChanged', expiryDate: '2025-06-15' });
    expect(actor.getSnapshot().context.errorKey).toBeUndefined();
  });

  it('starts shared for a shared record, updates its settings and revokes it', async () => {
    const { actor, saves } = start(fakeRecord(2, { shareStatus: '1', shareCode: CODE, copyStatus: '1' }));
    expect(actor.getSnapshot().value).toBe('shared');
    expect(actor.getSnapshot().context.allowCopy).toBe(true);
    actor.send({ type: 'share.optionsChanged', allowCopy: false });
    actor.send({ type: 'share.update' });
    await waitFor(actor, (s) => s.matches('shared') && s.context.record.copyStatus === '0');
    actor.send({ type: 'share.linkCopied' });
    expect(actor.getSnapshot().context.linkCopied).toBe(true);
    actor.send({ type: 'share.revoke' });
    await waitFor(actor, (s) => s.matches('unshared'));
    expect(saves.map((s) => s.shareStatus)).toEqual(['1', '0']);
    expect(actor.getSnapshot().context.record.shareCode).toBeNull();
  });

  it('converts between the date input and instants', () => {
    expect(expiryInstant('')).toBeNull();
    expect(expiryInstant('2025-13-01x')).toBeNull();
    expect(expiryDateOf(new Date(2025, 0, 2, 10).toISOString())).toBe('2025-01-02');
    expect(expiryDateOf(null)).toBe('');
  });
});
