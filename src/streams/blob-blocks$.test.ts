import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DUB_BLOCK_BYTES, DUB_LARGE_BLOCK_BYTES } from '../shared/contract/dub-limits';
import { blockIdOf, blockUpload$, planBlocks, type BlockBlobSeam, type BlockListAnswer } from './blob-blocks$';

const MB = 1024 * 1024;

/** A file of `size` bytes whose slices are never materialised (only their length matters). */
function sparseFile(size: number) {
  return { size, slice: (start = 0, end = size) => ({ size: end - start }) as Blob };
}

function fakeBlob(options: { held?: BlockListAnswer; listFails?: boolean; failOnce?: string } = {}) {
  const staged: string[] = [];
  const committed: string[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failed = false;
  const seam: BlockBlobSeam = {
    async stageBlock(id, body, length) {
      expect(body.size).toBe(length);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      if (options.failOnce === id && !failed) {
        failed = true;
        throw new Error('connection dropped');
      }
      staged.push(id);
    },
    async commitBlockList(ids) {
      committed.push(ids);
    },
    async getBlockList() {
      if (options.listFails) throw Object.assign(new Error('AuthorizationPermissionMismatch'), { statusCode: 403 });
      return options.held ?? {};
    },
  };
  return { seam, staged, committed, maxInFlight: () => maxInFlight };
}

describe('blockUpload$', () => {
  it('cuts 4 MB blocks below 100 MB and 20 MB blocks from 100 MB on', () => {
    expect(planBlocks(10 * MB).map((block) => block.end - block.start)).toEqual([DUB_BLOCK_BYTES, DUB_BLOCK_BYTES, 2 * MB]);
    const large = planBlocks(100 * MB);
    expect(large).toHaveLength(5);
    expect(large.every((block) => block.end - block.start === DUB_LARGE_BLOCK_BYTES)).toBe(true);
    // Ids share one length, as the block protocol requires.
    expect(new Set(planBlocks(300 * MB).map((block) => block.id.length)).size).toBe(1);
  });

  it('stages every block five at a time, then commits the list in order', async () => {
    const blob = fakeBlob();
    const events = await lastValueFrom(blockUpload$(sparseFile(50 * MB), blob.seam).pipe(toArray()));
    expect(blob.staged).toHaveLength(13);
    expect(blob.maxInFlight()).toBe(5);
    expect(blob.committed).toEqual([planBlocks(50 * MB).map((block) => block.id)]);
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.at(-1)).toEqual({ type: 'progress', sentBytes: 50 * MB, totalBytes: 50 * MB });
    expect(events.at(-1)).toEqual({ type: 'committed' });
  });

  it('fails on a dropped connection and, resumed, sends only the blocks storage does not hold', async () => {
    const blob = fakeBlob({ failOnce: blockIdOf(2) });
    await expect(lastValueFrom(blockUpload$(sparseFile(12 * MB), blob.seam))).rejects.toThrow('connection dropped');
    expect(blob.committed).toEqual([]);
    const held = { uncommittedBlocks: blob.staged.map((name) => ({ name, size: DUB_BLOCK_BYTES })) };
    const resumed = fakeBlob({ held });
    const events = await lastValueFrom(blockUpload$(sparseFile(12 * MB), resumed.seam, { resume: true }).pipe(toArray()));
    expect(resumed.staged).toEqual([blockIdOf(2)]);
    expect(events[0]).toEqual({ type: 'progress', sentBytes: 8 * MB, totalBytes: 12 * MB });
    expect(resumed.committed).toEqual([[blockIdOf(0), blockIdOf(1), blockIdOf(2)]]);
  });

  it('sends a block again when storage holds it cut short, or when the token may not read the list', async () => {
    const cut = fakeBlob({ held: { uncommittedBlocks: [{ name: blockIdOf(0), size: 10 }] } });
    await lastValueFrom(blockUpload$(sparseFile(4 * MB), cut.seam, { resume: true }));
    expect(cut.staged).toEqual([blockIdOf(0)]);
    const refused = fakeBlob({ listFails: true });
    await lastValueFrom(blockUpload$(sparseFile(8 * MB), refused.seam, { resume: true }));
    expect(refused.staged.sort()).toEqual([blockIdOf(0), blockIdOf(1)]);
  });
});
