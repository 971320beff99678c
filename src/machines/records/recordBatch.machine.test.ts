// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { recordBatchMachine, selectBatchPhase, type RecordBatchInput } from './recordBatch.machine';
import { DOWNLOAD_FAILED_KEY, LOAD_FAILED_KEY } from './recordList.rules';
import type { ExportFormat } from './recordList.types';

function start(input: RecordBatchInput, calls: { removeFails?: unknown; exportFails?: unknown } = {}) {
  const removed: string[][] = [];
  const exported: Array<{ ids: string[]; format: ExportFormat }> = [];
  const machine = recordBatchMachine.provide({
    actors: {
      removeRecords: fromPromise<void, { ids: string[] }>(async ({ input: call }) => {
        if (calls.removeFails) throw calls.removeFails;
        removed.push(call.ids);
      }),
      exportRecords: fromPromise<void, { ids: string[]; format: ExportFormat }>(async ({ input: call }) => {
        if (calls.exportFails) throw calls.exportFails;
        exported.push(call);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, removed, exported, done: toPromise(actor) };
}

describe('recordBatch machine', () => {
  it('asks before a delete, then deletes those records and says which', async () => {
    const { actor, removed, done } = start({ operation: 'delete', ids: ['r1', 'r2'] });
    expect(selectBatchPhase(actor.getSnapshot())).toBe('confirmingDelete');
    expect(removed).toEqual([]);
    actor.send({ type: 'batch.deleteConfirmed' });
    expect(selectBatchPhase(actor.getSnapshot())).toBe('deleting');
    expect(await done).toEqual({ outcome: 'deleted', ids: ['r1', 'r2'] });
    expect(removed).toEqual([['r1', 'r2']]);
  });

  it('deletes nothing when the question is answered no', async () => {
    const { actor, removed, done } = start({ operation: 'delete', ids: ['r1'] });
    actor.send({ type: 'batch.deleteCancelled' });
    expect(await done).toEqual({ outcome: 'cancelled', ids: ['r1'] });
    expect(removed).toEqual([]);
  });

  it("tells a refused delete with the server's message", async () => {
    const { actor, done } = start({ operation: 'delete', ids: ['r1'] }, { removeFails: { kind: 'business', code: 404, message: 'The record does not exist' } });
    actor.send({ type: 'batch.deleteConfirmed' });
    expect(await done).toEqual({
      outcome: 'failed',
      ids: ['r1'],
      error: { errorMessage: 'The record does not exist', errorKey: undefined, errorCode: 404 },
    });
  });

  it('tells a delete that failed without an answer as a failed load', async () => {
    const { actor, done } = start({ operation: 'delete', ids: ['r1'] }, { removeFails: new Error('offline') });
    actor.send({ type: 'batch.deleteConfirmed' });
    expect((await done).error?.errorKey).toBe(LOAD_FAILED_KEY);
  });

  it('exports at once in the chosen format, without a question', async () => {
    const { actor, exported, done } = start({ operation: 'export', ids: ['r1', 'r2'], format: 'srt' });
    expect(selectBatchPhase(actor.getSnapshot())).toBe('exporting');
    expect(await done).toEqual({ outcome: 'exported', ids: ['r1', 'r2'] });
    expect(exported).toEqual([{ ids: ['r1', 'r2'], format: 'srt' }]);
  });

  it('tells a failed export as a failed download', async () => {
    const { done } = start({ operation: 'export', ids: ['r1'], format: 'docx' }, { exportFails: new Error('offline') });
    const output = await done;
    expect(output.outcome).toBe('failed');
    expect(output.error?.errorKey).toBe(DOWNLOAD_FAILED_KEY);
  });

  it('ignores an answer to the question while it exports', () => {
    const { actor } = start({ operation: 'export', ids: ['r1'], format: 'srt' });
    actor.send({ type: 'batch.deleteCancelled' });
    expect(selectBatchPhase(actor.getSnapshot())).toBe('exporting');
  });
});
