import { Observable, Subject } from 'rxjs';
import { createActor, fromEventObservable, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { fakeFile, uploadFileDoubles, type DoubleLog } from './uploadDialog.doubles';
import type { TransportEvent } from '../file-upload/fileUpload.machine';
import { OVER_LIMIT_KEY, UPLOAD_FILE_POLICY, isOverLimit } from './uploadFile.machine';
import { loadUploadSession } from './uploadFile.resume';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS } from '../../shared/contract/limits';

function run(name: string, log: DoubleLog = { removed: [], submitted: [] }) {
  const actor = createActor(uploadFileDoubles(log), { input: { id: 'f1', file: fakeFile(name), folderId: '1', policy: UPLOAD_FILE_POLICY } }).start();
  return { actor, log };
}

describe('uploadFile machine', () => {
  it('knows the 500 MB and 1 hour limits', () => {
    expect(isOverLimit(UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS)).toBe(false);
    expect(isOverLimit(UPLOAD_MAX_BYTES + 1, 10)).toBe(true);
    expect(isOverLimit(10, UPLOAD_MAX_DURATION_SECONDS + 1)).toBe(true);
  });

  it('waits in added until started, then validates, uploads and ends uploaded with the record', async () => {
    const { actor } = run('talk.wav');
    expect(actor.getSnapshot().value).toBe('added');
    actor.send({ type: 'file.start' });
    await waitFor(actor, (s) => s.matches('uploaded'));
    expect(actor.getSnapshot().context).toMatchObject({ percent: 100, durationSeconds: 30, record: { id: 'rec-talk.wav' }, ext: 'wav' });
    actor.send({ type: 'file.submitted' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('is refused over the duration limit before uploading anything, for good', async () => {
    const { actor } = run('long.wav');
    actor.send({ type: 'file.start' });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.errorKey).toBe(OVER_LIMIT_KEY);
    actor.send({ type: 'file.retry' });
    expect(actor.getSnapshot().matches('rejected')).toBe(true);
  });

  it('deletes a finished file by a call', async () => {
    const { actor, log } = run('talk.wav');
    actor.send({ type: 'file.start' });
    await waitFor(actor, (s) => s.matches('uploaded'));
    actor.send({ type: 'file.delete' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(log.removed).toEqual([['rec-talk.wav']]);
  });

  it('cancelling mid-upload stops the stream and forgets the stored session', async () => {
    const progress = new Subject<TransportEvent>();
    let unsubscribed = false;
    const machine = uploadFileDoubles({ removed: [], submitted: [] }).provide({
      actors: {
        transport: fromEventObservable(
          () =>
            new Observable<TransportEvent>((subscriber) => {
              const inner = progress.subscribe(subscriber);
              return () => {
                unsubscribed = true;
                inner.unsubscribe();
              };
            }),
        ),
      },
    });
    const file = fakeFile('big.wav', 30_000_000);
    const actor = createActor(machine, { input: { id: 'f1', file, folderId: '1', policy: UPLOAD_FILE_POLICY } }).start();
    actor.send({ type: 'file.start' });
    await waitFor(actor, (s) => s.matches('uploading'));
    const session = { uploadId: 'u', objectName: 'o', uploadUrls: ['a', 'b', 'c'], chunkSize: 10_485_760, nextChunk: 1 };
    progress.next({ type: 'upload.checkpoint', checkpoint: session });
    progress.next({ type: 'upload.progress', percent: 33.3 });
    expect(actor.getSnapshot().context.percent).toBe(33.3);
    expect(loadUploadSession(file)).toEqual(session);
    actor.send({ type: 'file.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(unsubscribed).toBe(true);
    expect(loadUploadSession(file)).toBeNull();
  });
});
