// The shared file-upload machine with the doubles of fileUpload.doubles.ts: what it hands its
// transport (the checkpoint of an earlier attempt, and that it is a retry), and what it reports to
// the dialog that spawned it.
import { throwError, of } from 'rxjs';
import { createActor, fromCallback, fromEventObservable, waitFor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { fileUploadMachine, type TransportEvent, type TransportInput } from './fileUpload.machine';
import { OVER_SECONDS, TEST_POLICY, fakeFile, measureDouble, recordOf, removeDouble } from './fileUpload.doubles';

function listener() {
  const heard: EventObject[] = [];
  const actor = createActor(fromCallback<EventObject>(({ receive }) => receive((event) => heard.push(event)))).start();
  return { actor, heard };
}

/** A transport that fails its first attempt after a checkpoint, then uploads as `record`. */
function flakyTransport(inputs: TransportInput[], record = recordOf('rec-1')) {
  return fromEventObservable<TransportEvent, TransportInput>(({ input }) => {
    inputs.push(input);
    if (inputs.length === 1) return throwError(() => ({ kind: 'business', message: 'Connection lost' }));
    return of<TransportEvent[]>({ type: 'upload.checkpoint', checkpoint: { part: 2 } }, { type: 'upload.progress', percent: 60 }, { type: 'upload.done', record });
  });
}

function start(inputs: TransportInput[], record?: ReturnType<typeof recordOf>, removed: string[][] = []) {
  const parent = listener();
  const machine = fileUploadMachine.provide({ actors: { measure: measureDouble, transport: flakyTransport(inputs, record), remove: removeDouble(removed) } });
  const actor = createActor(machine, { input: { id: 'f1', file: fakeFile('talk.mp4'), folderId: '9', policy: TEST_POLICY, checkpoint: { part: 0 }, reportTo: parent.actor } });
  return { actor: actor.start(), heard: parent.heard, removed };
}

describe('fileUpload machine', () => {
  it('fails with the server’s message, and the retry resumes from the checkpoint', async () => {
    const inputs: TransportInput[] = [];
    const { actor, heard } = start(inputs);
    actor.send({ type: 'file.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(heard).toEqual([{ type: 'file.failed', fileId: 'f1', errorMessage: 'Connection lost' }]);
    actor.send({ type: 'file.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('uploaded'));
    expect(inputs.map((input) => [input.checkpoint, input.resume, input.folderId])).toEqual([
      [{ part: 0 }, false, '9'],
      [{ part: 0 }, true, '9'],
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ checkpoint: { part: 2 }, percent: 100, errorMessage: undefined, durationSeconds: 30 });
    expect(heard.at(-1)).toEqual({ type: 'file.uploaded', fileId: 'f1', record: recordOf('rec-1') });
  });

  it('rejects a file the server measured over the limit, after deleting its record', async () => {
    const inputs: TransportInput[] = [];
    const { actor, heard, removed } = start(inputs, recordOf('rec-long', OVER_SECONDS));
    actor.send({ type: 'file.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'file.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('rejected'));
    expect(removed).toEqual([['rec-long']]);
    expect(heard.at(-1)).toEqual({ type: 'file.rejected', fileId: 'f1', errorKey: TEST_POLICY.overLimitKey });
    expect(actor.getSnapshot().context.record).toBeNull();
  });

  it('rejects at once a file over the size limit, without measuring or uploading', () => {
    const inputs: TransportInput[] = [];
    const parent = listener();
    const machine = fileUploadMachine.provide({ actors: { measure: measureDouble, transport: flakyTransport(inputs) } });
    const input = { id: 'f2', file: fakeFile('big.mp4', TEST_POLICY.maxBytes + 1), folderId: '1', policy: TEST_POLICY, reportTo: parent.actor };
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'file.start' });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(parent.heard).toEqual([{ type: 'file.rejected', fileId: 'f2', errorKey: TEST_POLICY.overLimitKey }]);
    expect(inputs).toEqual([]);
  });
});
