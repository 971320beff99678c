import { createActor, fromPromise, waitFor } from 'xstate';
import { beforeEach, describe, expect, it } from 'vitest';
import { offerFor, restoreUploadMachine, settingsFrom, type LatestRecord } from './restoreUpload.machine';

const interrupted = { status: 'uploading' as const, uploadId: 'u9', oriFileName: 'talk.wav', fileSize: 30_000_000, createTime: '2024-01-02' };
const latest: LatestRecord = {
  id: 'r1',
  state: 'transcription_completed',
  languages: ['en-US'],
  targetLanguages: ['es-ES'],
  speaker: '{"enabled":true,"maxSpeakers":4}',
  folderId: 'f3',
  interruptedUpload: interrupted,
};

function start(answer: LatestRecord | null) {
  const machine = restoreUploadMachine.provide({ actors: { fetchLatest: fromPromise<LatestRecord | null>(async () => answer) } });
  const actor = createActor(machine).start();
  const opened: unknown[] = [];
  actor.on('restore.open', (event) => opened.push(event.offer));
  return { actor, opened };
}

describe('restore banner rules', () => {
  beforeEach(() => localStorage.clear());

  it('offers only when the newest record is transcribed', () => {
    expect(offerFor(latest, null)).not.toBeNull();
    expect(offerFor({ ...latest, state: 'transcribing' }, null)).toBeNull();
    expect(offerFor({ ...latest, state: 'transcription_err' }, null)).toBeNull();
    expect(offerFor(null, null)).toBeNull();
  });

  it('offers nothing when every upload finished (no interrupted upload on the server)', () => {
    expect(offerFor({ ...latest, interruptedUpload: null }, null)).toBeNull();
    expect(offerFor({ ...latest, interruptedUpload: undefined }, null)).toBeNull();
  });

  it('reads the settings from the record when the server kept no form', () => {
    expect(settingsFrom(latest)).toEqual({ audioLanguage: 'en-US', translationLanguage: 'es-ES', speaker: true, maxSpeakers: 4, folderId: 'f3' });
  });

  it("prefers the server's remembered form", () => {
    const withForm = { ...latest, uploadSettings: { audioLanguage: 'zh-CN', translationLanguage: null, speaker: '0' as const, maxSpeakers: 2, folderId: null } };
    expect(settingsFrom(withForm)).toEqual({ audioLanguage: 'zh-CN', translationLanguage: null, speaker: false, maxSpeakers: 2 });
  });

  it('opens the dialog with the offer on accept and does not offer the same again after a dismissal', async () => {
    const first = start(latest);
    await waitFor(first.actor, (s) => s.matches('offering'));
    first.actor.send({ type: 'restore.accept' });
    expect(first.opened).toEqual([{ key: 'r1|2024-01-02', settings: settingsFrom(latest), interrupted }]);
    const second = start(latest);
    await waitFor(second.actor, (s) => s.matches('hidden'));
    const other = start({ ...latest, id: 'r2' });
    await waitFor(other.actor, (s) => s.matches('offering'));
    other.actor.send({ type: 'restore.dismiss' });
    expect(other.actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('stays hidden when there is no record', async () => {
    const { actor } = start(null);
    await waitFor(actor, (s) => s.matches('hidden'));
  });
});
