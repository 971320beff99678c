// The AI dubbing dialog with the doubles of dubbing.doubles.ts: the selection rules, the form's
// defaults and limits, dubFormData restored on open, start only when every file is uploaded, the
// success with the first file's id, and the closing rules of features §4.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DUB_FORM_STORAGE_KEY } from '../../shared/contract/dub-limits';
import { fakeVideo, newLog, dubUploadDoubles, type DubLog } from './dubbing.doubles';
import { selectDubCanStart, type DubUploadEmitted } from './dubUpload.machine';
import { DUPLICATE_KEY, FORMAT_ERROR_KEY, MAX_FILES_KEY } from './dubUpload.rules';

let log: DubLog;
let emitted: DubUploadEmitted[];

function openDialog() {
  const actor = createActor(dubUploadDoubles(log)).start();
  for (const type of ['dub.warning', 'dub.error', 'dub.needsPurchase', 'dub.success'] as const) actor.on(type, (event) => emitted.push(event));
  actor.send({ type: 'dialog.open', userId: 'u1' });
  return actor;
}
type Dialog = ReturnType<typeof openDialog>;
const uploadedCount = (actor: Dialog) => actor.getSnapshot().context.files.filter((file) => file.status === 'uploaded').length;
const settle = (actor: Dialog, count: number) => waitFor(actor, () => uploadedCount(actor) === count);

beforeEach(() => {
  log = newLog();
  emitted = [];
  localStorage.clear();
});
afterEach(() => localStorage.clear());

describe('dubUpload', () => {
  it('opens with every default of the dub form', () => {
    const actor = openDialog();
    expect(actor.getSnapshot().context.form).toEqual({
      audioLanguage: 'zh-CN',
      translationLanguage: 'en-US',
      maxSpeakers: 10,
      maxSpeakersAuto: false,
      folderId: '1',
      exportSubtitleInVideo: false,
      subtitleFontSize: 14,
      subtitleMaxCharCountPerSegment: 30,
      subtitlePrimaryColor: '#ffffff',
      subtitleOutlineColor: '#000000',
    });
  });

  it('holds speakers to 1–34 and the font size to 5–30, and clears the translation language', () => {
    const actor = openDialog();
    actor.send({ type: 'form.change', patch: { maxSpeakers: 99, subtitleFontSize: 2, translationLanguage: null } });
    expect(actor.getSnapshot().context.form).toMatchObject({ maxSpeakers: 34, subtitleFontSize: 5, translationLanguage: null });
    actor.send({ type: 'form.change', patch: { maxSpeakers: 0, subtitleFontSize: 31, subtitlePrimaryColor: 'red' } });
    expect(actor.getSnapshot().context.form).toMatchObject({ maxSpeakers: 1, subtitleFontSize: 30, subtitlePrimaryColor: '#ffffff' });
  });

  it('ignores a non-mp4 file with the format message and refuses a duplicate name', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: [fakeVideo('a.mp4'), fakeVideo('notes.mov')] });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['a.mp4']);
    expect(emitted).toEqual([{ type: 'dub.warning', messageKey: FORMAT_ERROR_KEY }]);
    actor.send({ type: 'files.chosen', files: [fakeVideo('a.mp4')] });
    expect(actor.getSnapshot().context.files).toHaveLength(1);
    expect(emitted.at(-1)).toEqual({ type: 'dub.warning', messageKey: DUPLICATE_KEY });
  });

  it('takes at most 5 files, with the max-upload message naming 5', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: ['1', '2', '3', '4', '5', '6'].map((n) => fakeVideo(`${n}.mp4`)) });
    expect(actor.getSnapshot().context.files).toHaveLength(0);
    expect(emitted).toEqual([{ type: 'dub.warning', messageKey: MAX_FILES_KEY, params: { count: 5 } }]);
    actor.send({ type: 'files.chosen', files: ['1', '2', '3', '4'].map((n) => fakeVideo(`${n}.mp4`)) });
    actor.send({ type: 'files.chosen', files: ['5', '6'].map((n) => fakeVideo(`${n}.mp4`)) });
    expect(actor.getSnapshot().context.files).toHaveLength(4);
    expect(emitted.at(-1)).toMatchObject({ messageKey: MAX_FILES_KEY });
  });

  it('drops a file over 4 hours or without a readable length with its message', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: [fakeVideo('long.mp4'), fakeVideo('odd.mp4')] });
    await waitFor(actor, (snapshot) => snapshot.context.files.length === 0);
    expect(emitted.map((event) => (event.type === 'dub.warning' ? event.messageKey : ''))).toEqual(['dubbing:overLimit', 'dubbing:unreadable']);
  });

  it('starts only when every file succeeded, then emits the first file id and remembers the subtitle settings', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: [fakeVideo('broken.mp4')] });
    await waitFor(actor, (snapshot) => snapshot.context.files[0]?.status === 'failed');
    actor.send({ type: 'files.chosen', files: [fakeVideo('first.mp4'), fakeVideo('second.mp4')] });
    await settle(actor, 2);
    expect(selectDubCanStart(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.submit' });
    expect(log.submitted).toHaveLength(0);
    const broken = actor.getSnapshot().context.files[0]!;
    broken.ref.send({ type: 'file.remove' });
    await waitFor(actor, (snapshot) => snapshot.context.files.length === 2);
    expect(selectDubCanStart(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.change', patch: { exportSubtitleInVideo: true, subtitleFontSize: 22 } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(emitted.at(-1)).toEqual({ type: 'dub.success', id: 'rec-first.mp4', ids: ['rec-first.mp4', 'rec-second.mp4'] });
    expect(log.submitted[0]?.request).toMatchObject({ userId: 'u1', files: [{ recordId: 'rec-first.mp4', durationSeconds: 30 }, { recordId: 'rec-second.mp4' }] });
    expect(JSON.parse(localStorage.getItem(DUB_FORM_STORAGE_KEY)!)).toMatchObject({ exportSubtitleInVideo: true, subtitleFontSize: 22 });
    expect(log.removed).toEqual([]);
    // Restored on the next open.
    actor.send({ type: 'dialog.open', userId: 'u1' });
    expect(actor.getSnapshot().context.form).toMatchObject({ exportSubtitleInVideo: true, subtitleFontSize: 22 });
  });

  it('opens the purchase dialog on 92505000 and keeps the files', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: [fakeVideo('poor.mp4')] });
    await settle(actor, 1);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, () => emitted.some((event) => event.type === 'dub.needsPurchase'));
    expect(emitted).toContainEqual({ type: 'dub.needsPurchase', code: 92505000 });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    // After a failed submit, closing only clears the list (features §4).
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(log.removed).toEqual([]);
  });

  it('deletes uploaded, unsubmitted files from the server on close', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: [fakeVideo('a.mp4'), fakeVideo('b.mp4')] });
    await settle(actor, 2);
    actor.send({ type: 'dialog.close' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(log.removed).toEqual([['rec-a.mp4', 'rec-b.mp4']]);
    expect(actor.getSnapshot().context.files).toEqual([]);
  });

  it('deletes an uploaded file only after the confirm', async () => {
    const actor = openDialog();
    actor.send({ type: 'files.chosen', files: [fakeVideo('a.mp4')] });
    await settle(actor, 1);
    const file = actor.getSnapshot().context.files[0]!;
    file.ref.send({ type: 'file.remove' });
    expect(log.removed).toEqual([]);
    file.ref.send({ type: 'remove.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.files.length === 0);
    expect(log.removed).toEqual([['rec-a.mp4']]);
  });
});
