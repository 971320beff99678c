// @vitest-environment node
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { languageFor, selectDownloadError, selectDownloadLanguage, selectDownloadRecord, selectDownloadStage, type MeetingDownloadInput } from './meetingDownload.machine';
import { READABLE, pathsModel } from './meetingDownload.paths';

const start = (input: MeetingDownloadInput) => createActor(pathsModel.machine, { input }).start();

describe('meetingDownload machine', () => {
  it('reads the ended meeting in the language the participant read, and downloads the summary and a transcript file', async () => {
    const actor = start({ meetingId: 'm-done', language: 'fr-FR' });
    await waitFor(actor, (s) => selectDownloadStage(s) === 'ready');
    expect(selectDownloadRecord(actor.getSnapshot())?.transId).toBe('t-m-done');
    expect(selectDownloadLanguage(actor.getSnapshot())).toBe('fr-FR');
    actor.send({ type: 'download.summary' });
    expect(actor.getSnapshot().matches({ ready: 'downloadingSummary' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'download.transcript', format: 'docx', content: 'bilingual' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectDownloadError(actor.getSnapshot())).toBeNull();
  });

  it('switches among the meeting’s languages only', async () => {
    const actor = start({ meetingId: 'm-done' });
    await waitFor(actor, (s) => selectDownloadStage(s) === 'ready');
    expect(selectDownloadLanguage(actor.getSnapshot())).toBe('es-ES');
    actor.send({ type: 'language.chosen', language: 'de-DE' });
    expect(selectDownloadLanguage(actor.getSnapshot())).toBe('es-ES');
    actor.send({ type: 'language.chosen', language: 'fr-FR' });
    expect(selectDownloadLanguage(actor.getSnapshot())).toBe('fr-FR');
  });

  it('offers no summary download without a summary', async () => {
    const actor = start({ meetingId: 'm-bare' });
    await waitFor(actor, (s) => selectDownloadStage(s) === 'ready');
    actor.send({ type: 'download.summary' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('says so when a download fails, and clears it on the next try', async () => {
    const actor = start({ meetingId: 'm-fail' });
    await waitFor(actor, (s) => selectDownloadStage(s) === 'ready');
    actor.send({ type: 'download.summary' });
    await waitFor(actor, (s) => selectDownloadError(s) !== null);
    actor.send({ type: 'download.transcript', format: 'txt', content: 'original' });
    await waitFor(actor, (s) => selectDownloadError(s) !== null);
    expect(selectDownloadError(actor.getSnapshot())?.errorMessage).toBe('download failed');
    actor.send({ type: 'download.transcript', format: 'txt', content: 'original' });
    expect(selectDownloadError(actor.getSnapshot())).toBeNull();
  });

  it('shows the server’s words when the host closed sharing', async () => {
    const actor = start({ meetingId: 'm-closed' });
    await waitFor(actor, (s) => selectDownloadStage(s) === 'shareClosed');
    expect(selectDownloadError(actor.getSnapshot())?.errorMessage).toBe('The host has closed sharing of this meeting');
  });

  it('shows link expired for a meeting that cannot be found', async () => {
    const actor = start({ meetingId: 'm-gone' });
    await waitFor(actor, (s) => selectDownloadStage(s) === 'linkExpired');
  });

  it('falls back to the meeting’s first language', () => {
    expect(languageFor(READABLE['m-done']!, 'de-DE')).toBe('es-ES');
    expect(languageFor({ ...READABLE['m-done']!, translationLanguages: [] }, null)).toBe('');
  });
});
