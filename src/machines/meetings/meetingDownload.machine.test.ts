import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { selectDownloadStage, selectDownloadTransId, selectSummaryDownloadFailed } from './meetingDownload.machine';
import { pathsModel } from './meetingDownload.paths';

const start = (meetingId: string) => createActor(pathsModel.machine, { input: { meetingId } }).start();

describe('meetingDownload machine', () => {
  it('loads the meeting with its record and downloads the summary', async () => {
    const actor = start('m-done');
    await waitFor(actor, (s) => selectDownloadStage(s) === 'ready');
    expect(selectDownloadTransId(actor.getSnapshot())).toBe('t-done');
    actor.send({ type: 'download.summary' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectSummaryDownloadFailed(actor.getSnapshot())).toBe(false);
  });

  it('says so when the summary download fails, and tries again on the next click', async () => {
    const actor = start('m-nosum');
    await waitFor(actor, (s) => selectDownloadStage(s) === 'ready');
    actor.send({ type: 'download.summary' });
    await waitFor(actor, selectSummaryDownloadFailed);
    actor.send({ type: 'download.summary' });
    expect(selectSummaryDownloadFailed(actor.getSnapshot())).toBe(false);
  });

  it.each(['m-norecord', 'm-gone'])('shows link expired for %s', async (meetingId) => {
    const actor = start(meetingId);
    await waitFor(actor, (s) => selectDownloadStage(s) === 'linkExpired');
  });
});
