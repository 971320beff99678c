// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SharedRecord, ShareReadInput } from '../../api/records/get-trans-share-status';
import { SHARE_NOT_FOUND_KEY, recordShareViewMachine, type RecordShareViewInput } from './recordShareView.machine';
import { fakeRecord } from './recordList.doubles';
import type { RecordItem } from './recordList.types';

const SHARED: SharedRecord = {
  record: fakeRecord(1, { showName: 'Shared talk' }),
  lines: [{ id: 'l1', startMs: 0, endMs: 1000, text: 'Hello there.' }],
  copyAllowed: true,
};
const EXPIRED = { kind: 'business', code: 410, message: 'The share link has expired' };

function start(input: Partial<RecordShareViewInput>, read: (input: ShareReadInput) => Promise<SharedRecord> = async () => SHARED) {
  const reads: ShareReadInput[] = [];
  let visitorLogins = 0;
  let copies = 0;
  const machine = recordShareViewMachine.provide({
    actors: {
      visitorLogin: fromPromise<string>(async () => {
        visitorLogins += 1;
        return 'visitor-token';
      }),
      readShared: fromPromise<SharedRecord, ShareReadInput>(({ input: readInput }) => {
        reads.push(readInput);
        return read(readInput);
      }),
      copyShared: fromPromise<RecordItem, { id: string; shareCode: string }>(async () => {
        copies += 1;
        return fakeRecord(9);
      }),
    },
  });
  const actor = createActor(machine, { input: { id: 'r1', shareCode: 'code-1234567890abcdef', hasToken: false, ...input } }).start();
  return { actor, reads, counts: () => ({ visitorLogins, copies }) };
}

describe('recordShareView machine', () => {
  it('reads signed out with a visitor token and offers no copy', async () => {
    const { actor, reads, counts } = start({});
    await waitFor(actor, (s) => s.matches('showing'));
    expect(reads).toEqual([{ id: 'r1', shareCode: 'code-1234567890abcdef', visitorToken: 'visitor-token' }]);
    expect(counts().visitorLogins).toBe(1);
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
    actor.send({ type: 'share.copyRequested' });
    expect(actor.getSnapshot().value).toBe('showing');
  });

  it('lets a signed-in reader create a copy when the owner allows it', async () => {
    const { actor, counts } = start({ hasToken: true });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(counts().visitorLogins).toBe(0);
    actor.send({ type: 'share.copyRequested' });
    await waitFor(actor, (s) => s.matches('copied'));
    expect(actor.getSnapshot().context.copy?.id).toBe('r9');
  });

  it("shows 'share link expired' for a revoked or expired link", async () => {
    const { actor } = start({}, async () => {
      throw EXPIRED;
    });
    await waitFor(actor, (s) => s.matches('expired'));
  });

  it('reads as a visitor when the stored sign-in no longer works', async () => {
    const { actor, reads } = start({ hasToken: true }, async (input) => {
      if (!input.visitorToken) throw { kind: 'unauthorized', code: 401 };
      return SHARED;
    });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(reads.map((r) => r.visitorToken)).toEqual([null, 'visitor-token']);
    expect(actor.getSnapshot().context.hasToken).toBe(false);
  });

  it('is unavailable without an id or code, and for an unknown code', async () => {
    expect(start({ shareCode: '' }).actor.getSnapshot().context.errorKey).toBe(SHARE_NOT_FOUND_KEY);
    const { actor } = start({}, async () => {
      throw { kind: 'business', code: 404, message: 'The record does not exist' };
    });
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(actor.getSnapshot().context.errorMessage).toBe('The record does not exist');
  });
});
