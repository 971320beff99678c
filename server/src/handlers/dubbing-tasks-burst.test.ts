// Dubbing starts under concurrency, on SQLite and PostgreSQL: a burst of 5 parallel transwrites of one
// video makes one task and one charge; the run fails (its SRT runs past the video) and is refunded
// once; starting the failed task again is a new attempt, charged again and dubbed to the end.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo, type TestVideo } from '../testing/test-video';
import { attachSrt, cue, uploadedVideo } from '../testing/dub-test-kit';
import { grantToUserId } from '../domain/entitlements/grants';
import { useRecordsTestApp } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();
let dir: string;
let video: TestVideo;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-burst-test-'));
  video = await makeTestVideo(dir, [{ text: 'good morning everyone', speaker: 0 }], { durationMs: 6000, everyMs: 3000, leadMs: 1000 });
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(variants)('dubbing starts on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  describe.skipIf(variant.skipReason)('', () => {
    it('charges a burst of 5 parallel transwrites once, refunds the failed run once, and charges a retry as a new attempt', async () => {
      const who = await kit.signUp('burst');
      await grantToUserId(kit.app.db, kit.clock, who.user.id, '5', 1);
      const ledger = () => kit.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.user.id).where('usage', '=', 'dubbing').orderBy('created_at').execute();
      const fileId = await uploadedVideo(kit, who, video);
      // Valid as SRT, but its second cue runs past the 6 s video: the job fails at the lines step.
      const late = await attachSrt(kit, who, 'late.srt', Buffer.concat([cue(1, '00:00:01,000', '00:00:02,000', Buffer.from('hello')), cue(2, '00:00:05,000', '00:00:07,500', Buffer.from('too late'))]));
      const form = { ids: [fileId], audioLanguage: 'en-US', translationLanguage: 'en-US', srtFileType: 2, srtUrl: late.data!.url };
      const answers = await Promise.all(Array.from({ length: 5 }, () => kit.post('/speech/video/transcribe/transwrite', who, form)));
      expect(answers.map((a) => a.code).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(answers.find((a) => a.code === 409)!.msg).toBe('Dubbing of this video has already started');
      expect(await kit.app.db.selectFrom('dub_tasks').select('id').where('user_id', '=', who.user.id).execute()).toEqual([{ id: fileId }]);
      expect(await kit.app.db.selectFrom('records').select('id').where('user_id', '=', who.user.id).execute()).toEqual([{ id: fileId }]);

      await kit.app.services.jobs.whenIdle();
      const failed = (await kit.get('/speech/video/transcribe/getFileByTaskId', who, { taskId: fileId })).data;
      expect(failed).toMatchObject({ state: 'failed', step: 'lines', errorMessage: 'subtitle 2 (line 6 of the file) runs past the end of the video' });
      expect((await kit.get('/speech/video/transcribe/getFileByTaskId', who, { taskId: fileId }, 'zh-CN')).data.errorMessage).toBe('第 2 条字幕（文件第 6 行）超出了视频结尾');
      const records = await kit.get('/speech/audio/transcribe/query', who, { pageNum: 1, pageSize: 10 });
      expect(records.data.rows[0]).toMatchObject({ id: fileId, recordType: 'dubbing', state: 'translation_err', errorMessage: 'subtitle 2 (line 6 of the file) runs past the end of the video' });
      // The records list's refresh leaves a failed dub alone (no translation job on its lines).
      expect((await kit.post('/speech/audio/transcribe/refreshRecord', who, { id: fileId })).data).toMatchObject({ state: 'translation_err' });
      expect(await kit.app.db.selectFrom('jobs').select('kind').where('record_id', '=', fileId).execute()).toEqual([{ kind: 'dub-video' }]);
      let rows = await ledger();
      expect(rows.filter((r) => r.kind === 'consumption').map((r) => r.seconds)).toEqual([-6]);
      expect(rows.filter((r) => r.kind === 'refund').map((r) => r.seconds)).toEqual([6]);

      // The failed task started again with a good SRT: a second attempt, charged and dubbed.
      const good = await attachSrt(kit, who, 'good.srt', cue(1, '00:00:01,000', '00:00:02,500', Buffer.from('good morning')));
      const retry = await kit.post('/speech/video/transcribe/transwrite', who, { ...form, srtUrl: good.data!.url });
      expect(retry).toMatchObject({ code: 200, data: { code: 200 } });
      await kit.app.services.jobs.whenIdle();
      expect((await kit.get('/speech/video/transcribe/getFileByTaskId', who, { taskId: fileId })).data).toMatchObject({ state: 'dubbed', errorMessage: null, iterationCount: 1 });
      rows = await ledger();
      expect(rows.filter((r) => r.kind === 'consumption')).toHaveLength(2);
      expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
      expect(await kit.app.db.selectFrom('record_segments').select('text').where('record_id', '=', fileId).execute()).toEqual([{ text: '' }]);
    }, 120_000);
  });
});
