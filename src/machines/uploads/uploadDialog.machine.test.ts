import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLDER_ID, UPLOAD_DEFAULT_AUDIO_LANGUAGE, UPLOAD_SPEAKERS_DEFAULT } from '../../shared/contract/limits';
import { EMBEDDED_FOLDER, fakeFile, uploadDialogDoubles, type DoubleLog } from './uploadDialog.doubles';
import { selectCanConfirm, type UploadDialogEmitted } from './uploadDialog.machine';
import { DUPLICATE_KEY, FORMAT_ERROR_KEY, TOO_MANY_KEY, clampSpeakers, selectionProblem } from './uploadDialog.rules';
import { OVER_LIMIT_KEY } from './uploadFile.machine';

function start() {
  const log: DoubleLog = { removed: [], submitted: [] };
  const actor = createActor(uploadDialogDoubles(log)).start();
  const emitted: UploadDialogEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as UploadDialogEmitted));
  return { actor, log, emitted };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function openWithUploadedFile(name = 'talk.wav', restore?: Record<string, unknown>) {
  const harness = start();
  harness.actor.send({ type: 'dialog.open', folderId: 'f7', ...(restore ? { restore } : {}) });
  harness.actor.send({ type: 'files.chosen', files: [fakeFile(name)] });
  await waitFor(harness.actor, selectCanConfirm);
  return harness;
}

describe('selection rules (platform §5)', () => {
  it('names the first broken rule', () => {
    expect(selectionProblem([{ name: 'a.wav' }, { name: 'b.wav' }], [])).toBe(TOO_MANY_KEY);
    expect(selectionProblem([{ name: 'notes.txt' }], [])).toBe(FORMAT_ERROR_KEY);
    expect(selectionProblem([{ name: 'CLIP.MP4' }], [])).toBeNull();
    expect(selectionProblem([{ name: 'a.wav' }], [{ name: 'a.wav' }])).toBe(DUPLICATE_KEY);
    expect(selectionProblem([{ name: 'b.wav' }], [{ name: 'a.wav' }])).toBe(TOO_MANY_KEY);
    for (const ext of ['mp3', 'mp4', 'wav', 'wmv', 'avi', 'ogg', 'flv']) expect(selectionProblem([{ name: `x.${ext}` }], [])).toBeNull();
  });

  it('keeps the speaker count within 2..35', () => {
    expect(clampSpeakers(1)).toBe(2);
    expect(clampSpeakers(40)).toBe(35);
    expect(clampSpeakers(7)).toBe(7);
  });
});

describe('uploadDialog machine', () => {
  it('opens with a reset form, the default language and the given folder, confirm disabled', async () => {
    const { actor } = start();
    actor.send({ type: 'dialog.open', folderId: 'f7', folderName: 'Work' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.form).toEqual({
      showName: '',
      audioLanguage: UPLOAD_DEFAULT_AUDIO_LANGUAGE,
      translationLanguage: null,
      speaker: false,
      maxSpeakers: UPLOAD_SPEAKERS_DEFAULT,
      folderId: 'f7',
      folderName: 'Work',
    });
    expect(selectCanConfirm(snapshot)).toBe(false);
    await waitFor(actor, (s) => s.matches({ open: { languages: 'ready' } }));
    expect(actor.getSnapshot().context.languages.transcribeLanguage).toHaveLength(2);
  });

  it('defaults to a language this server recognises when the spec default is not served (embedded engines: en-US)', async () => {
    const { actor } = start();
    actor.send({ type: 'dialog.open', folderId: EMBEDDED_FOLDER });
    expect(actor.getSnapshot().context.form.audioLanguage).toBe(UPLOAD_DEFAULT_AUDIO_LANGUAGE);
    await waitFor(actor, (s) => s.matches({ open: { languages: 'ready' } }));
    expect(actor.getSnapshot().context.form.audioLanguage).toBe('en-US');
    // A served pair is kept; another audio language without an engine into it drops the translation.
    actor.send({ type: 'form.change', patch: { translationLanguage: 'es-ES' } });
    expect(actor.getSnapshot().context.form.translationLanguage).toBe('es-ES');
    actor.send({ type: 'form.change', patch: { audioLanguage: 'zh-CN' } });
    expect(actor.getSnapshot().context.form).toMatchObject({ audioLanguage: 'zh-CN', translationLanguage: null });
  });

  it('keeps the spec default when the server serves it, and a restored form as it was', async () => {
    const served = start();
    served.actor.send({ type: 'dialog.open', folderId: 'f7' });
    await waitFor(served.actor, (s) => s.matches({ open: { languages: 'ready' } }));
    expect(served.actor.getSnapshot().context.form.audioLanguage).toBe(UPLOAD_DEFAULT_AUDIO_LANGUAGE);

    const restored = start();
    restored.actor.send({ type: 'dialog.open', folderId: EMBEDDED_FOLDER, restore: { audioLanguage: 'zh-CN', translationLanguage: 'ja-JP' } });
    await waitFor(restored.actor, (s) => s.matches({ open: { languages: 'ready' } }));
    expect(restored.actor.getSnapshot().context.form).toMatchObject({ audioLanguage: 'zh-CN', translationLanguage: 'ja-JP' });
  });

  it("falls back to the default folder '1'", () => {
    const { actor } = start();
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().context.form.folderId).toBe(DEFAULT_FOLDER_ID);
  });

  it('warns and adds nothing for a wrong format, several files or a duplicate', async () => {
    const { actor, emitted } = await openWithUploadedFile();
    actor.send({ type: 'files.chosen', files: [fakeFile('notes.txt')] });
    actor.send({ type: 'files.chosen', files: [fakeFile('a.wav'), fakeFile('b.wav')] });
    actor.send({ type: 'files.chosen', files: [fakeFile('talk.wav')] });
    expect(emitted.filter((e) => e.type === 'upload.warning').map((e) => (e as { messageKey: string }).messageKey)).toEqual([
      FORMAT_ERROR_KEY,
      TOO_MANY_KEY,
      DUPLICATE_KEY,
    ]);
    expect(actor.getSnapshot().context.files).toHaveLength(1);
  });

  it('enables confirm only after the upload succeeded, and fills the name from the file', async () => {
    const { actor } = await openWithUploadedFile('meeting.mp3');
    const { context } = actor.getSnapshot();
    expect(context.files[0]).toMatchObject({ status: 'uploaded', recordId: 'rec-meeting.mp3' });
    expect(context.form.showName).toBe('meeting');
  });

  it("refuses a blank name ('Please enter the name') and submits the trimmed form", async () => {
    const { actor, log, emitted } = await openWithUploadedFile();
    actor.send({ type: 'form.change', patch: { showName: '   ' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.nameError).toBe(true);
    expect(log.submitted).toHaveLength(0);
    actor.send({ type: 'form.change', patch: { showName: '  Weekly sync ', audioLanguage: 'en-US', translationLanguage: 'es-ES', speaker: true, maxSpeakers: 4 } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log.submitted).toEqual([
      { ids: ['rec-talk.wav'], showName: 'Weekly sync', audioLanguage: 'en-US', translationLanguage: 'es-ES', speaker: '1', maxSpeakers: 4, folderId: 'f7' },
    ]);
    expect(emitted).toContainEqual({ type: 'upload.submitted', ids: ['rec-talk.wav'] });
    expect(log.removed).toEqual([]);
  });

  it("submits the folder chosen in the form's folder picker", async () => {
    const { actor, log } = await openWithUploadedFile();
    actor.send({ type: 'form.folderChosen', folderId: 'f9', folderName: 'Clients' });
    expect(actor.getSnapshot().context.form).toMatchObject({ folderId: 'f9', folderName: 'Clients' });
    actor.send({ type: 'form.folderChosen', folderId: DEFAULT_FOLDER_ID, folderName: 'Default folder' });
    expect(actor.getSnapshot().context.form.folderId).toBe(DEFAULT_FOLDER_ID);
    // The default folder's name is the server's to translate; none is sent for it.
    expect(actor.getSnapshot().context.form.folderName).toBeUndefined();
    actor.send({ type: 'form.folderChosen', folderId: 'f3', folderName: 'ACME' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log.submitted).toEqual([expect.objectContaining({ folderId: 'f3', folderName: 'ACME' })]);
  });

  it('deletes the uploaded records when closed without submitting', async () => {
    const { actor, log } = await openWithUploadedFile();
    actor.send({ type: 'dialog.close' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log.removed).toEqual([['rec-talk.wav']]);
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('keeps the uploads when closed in restore mode', async () => {
    const { actor, log } = await openWithUploadedFile('talk.wav', { showName: 'Restored', audioLanguage: 'en-US' });
    expect(actor.getSnapshot().context.form).toMatchObject({ showName: 'Restored', audioLanguage: 'en-US' });
    actor.send({ type: 'dialog.close' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log.removed).toEqual([]);
  });

  it('after a failed submit: error flag, spinner stops, closing keeps the records and clears the list', async () => {
    const { actor, log, emitted } = await openWithUploadedFile();
    actor.send({ type: 'form.change', patch: { showName: 'bad' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.submitError);
    expect(actor.getSnapshot().matches({ open: { main: 'editing' } })).toBe(true);
    expect(emitted).toContainEqual({ type: 'upload.error', message: 'Refused' });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.files).toEqual([]);
    expect(log.removed).toEqual([]);
  });

  it('asks for the purchase dialog on an entitlement code', async () => {
    const { actor, emitted } = await openWithUploadedFile();
    actor.send({ type: 'form.change', patch: { showName: 'poor' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.context.submitError);
    expect(emitted).toContainEqual({ type: 'upload.needsPurchase', code: 92505000 });
  });

  it('removes a finished file by a call after confirmation, and keeps it when the user cancels', async () => {
    const { actor, log } = await openWithUploadedFile();
    const fileId = actor.getSnapshot().context.files[0]!.id;
    actor.send({ type: 'file.remove', fileId });
    actor.send({ type: 'removal.cancel' });
    expect(actor.getSnapshot().context.files).toHaveLength(1);
    actor.send({ type: 'file.remove', fileId });
    expect(actor.getSnapshot().matches({ open: { main: 'confirmingRemoval' } })).toBe(true);
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, (s) => s.context.files.length === 0);
    expect(log.removed).toEqual([['rec-talk.wav']]);
  });

  it('drops a file over the duration limit with the spec warning', async () => {
    const { actor, emitted } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'files.chosen', files: [fakeFile('long.wav')] });
    await flush();
    await waitFor(actor, (s) => s.context.files.length === 0);
    expect(emitted).toContainEqual({ type: 'upload.warning', messageKey: OVER_LIMIT_KEY });
  });

  it('deletes a file the server measured over the limit', async () => {
    const { actor, emitted, log } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'files.chosen', files: [fakeFile('server-long.wav')] });
    await waitFor(actor, (s) => s.context.files.length === 0);
    expect(log.removed).toEqual([['rec-server-long.wav']]);
    expect(emitted).toContainEqual({ type: 'upload.warning', messageKey: OVER_LIMIT_KEY });
  });

  it('keeps a failed upload in the list with its error and no confirm', async () => {
    const { actor, emitted } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'files.chosen', files: [fakeFile('broken.wav')] });
    await waitFor(actor, (s) => s.context.files[0]?.status === 'failed');
    expect(selectCanConfirm(actor.getSnapshot())).toBe(false);
    expect(emitted).toContainEqual({ type: 'upload.error', message: 'Disk full' });
  });

  it('restores an upload the server holds as an uploaded file, ready to submit with its settings', async () => {
    const { actor, log } = start();
    actor.send({
      type: 'dialog.open',
      restore: { audioLanguage: 'en-US', speaker: true, maxSpeakers: 3 },
      interrupted: { status: 'uploaded', id: 'held-1', oriFileName: 'interview.mp3', fileSize: 2048, createTime: '2024-01-01 00:00:00' },
    });
    await waitFor(actor, selectCanConfirm);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log.submitted[0]).toMatchObject({ ids: ['held-1'], showName: 'interview', audioLanguage: 'en-US', speaker: '1', maxSpeakers: 3 });
  });
});
