// The dub editor's server calls on SQLite and PostgreSQL, with tasks seeded straight into the
// database (domain/dubbing/lines/test-task.ts): lines paged with speakers, overrun and revoice; edits
// that keep line ids, enforce every editor rule with its translated message and change nothing when
// refused, and never interleave under a parallel burst; speakers renamed and re-voiced; the real
// voices and languages of this server; line preview through espeak-ng with its per-user limits;
// transAdjust measuring and condensing an overrunning translation. Another user's task is 'not found'.
import { describe, expect, it } from 'vitest';
import { DUB_FRAME_MAX_CHARS, DUB_PREVIEWS_IN_FLIGHT } from '../../../src/shared/contract/dub-limits';
import { saveDubLines } from '../domain/dubbing/lines/save-lines';
import { seedDubTask, TEST_LINES } from '../testing/dubbing-test-task';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { EspeakSynthesizer } from '../engines/espeak-synthesizer';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();
const notFound = { code: 404, msg: 'The record does not exist' };

describe.each(variants)('dubbing lines on $name', (variant) => {
  const kit = useRecordsTestApp(variant);
  const seed = (owner: TestUser, input: Omit<Parameters<typeof seedDubTask>[2], 'userId'> = {}) =>
    seedDubTask(kit.app.db, kit.clock, { ...input, userId: owner.user.id });
  const page = async (owner: TestUser, id: string, extra: object = {}) => {
    const answer = await kit.post('/speech/video/transcribe/getFileDataContentPageList', owner, { id, pageSize: 1000, ...extra });
    expect(answer.code).toBe(200);
    return answer.data as { total: number; rows: any[] };
  };
  const segmentsOf = (taskId: string) =>
    kit.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', taskId).orderBy('position').execute();
  const asInput = (rows: any[]) =>
    rows.map(({ id, startMs, endMs, text, translation, speakerId }) => ({ id, startMs, endMs, text, translation, speakerId }));

  describe.skipIf(variant.skipReason)('', () => {
    it('pages the lines in order with speaker, translation, overrun and revoice; other languages read the take', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner, {
        lines: [
          ...TEST_LINES,
          { startMs: 6000, endMs: 7000, text: 'Edited after voicing.', translation: 'Editado.', speaker: 1, take: 'stale' },
          { startMs: 7000, endMs: 8000, text: 'Never voiced.', translation: 'Nunca.', speaker: 1, take: 'none' },
        ],
      });
      const all = await page(owner, task.taskId);
      expect(all.total).toBe(5);
      expect(all.rows.map((l) => [l.id, l.startMs, l.text, l.translation, l.speaker, l.speakerId, l.overrunMs, l.revoice])).toEqual([
        [task.lineIds[0], 0, 'Good morning everyone.', 'Buenos días a todos.', 'Ann', task.speakerIds[0], 0, false],
        [task.lineIds[1], 2000, 'Morning Ann.', 'Buenos días, Ann.', 'Bob', task.speakerIds[1], 0, false],
        [task.lineIds[2], 4500, 'Let us start.', 'Empecemos.', 'Ann', task.speakerIds[0], 120, false],
        [task.lineIds[3], 6000, 'Edited after voicing.', 'Editado.', 'Bob', task.speakerIds[1], 0, true],
        [task.lineIds[4], 7000, 'Never voiced.', 'Nunca.', 'Bob', task.speakerIds[1], null, true],
      ]);
      const second = await page(owner, task.taskId, { pageNum: 2, pageSize: 2 });
      expect(second.total).toBe(5);
      expect(second.rows.map((l) => l.id)).toEqual([task.lineIds[2], task.lineIds[3]]);

      await kit.app.db
        .insertInto('dub_line_takes')
        .values({ segment_id: task.lineIds[0]!, task_id: task.taskId, lang: 'fr-FR', translation: 'Bonjour à tous.', dub_start_ms: 0, dub_end_ms: 1800, rate: 1, stretch: 1, overrun_ms: 40, voiced_key: 'old', clip: null })
        .execute();
      const french = await page(owner, task.taskId, { lang: 'fr-FR' });
      expect(french.rows[0]).toMatchObject({ translation: 'Bonjour à tous.', overrunMs: 40, revoice: true });
      expect(french.rows[1]).toMatchObject({ translation: null, overrunMs: null, revoice: true });

      const stranger = await kit.signUp('stranger');
      expect(await kit.post('/speech/video/transcribe/getFileDataContentPageList', stranger, { id: task.taskId })).toMatchObject(notFound);
    });

    it('saves edits keeping the ids and takes of kept lines, inserting new ones and deleting removed ones', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner);
      const [first, second, third] = (await page(owner, task.taskId)).rows;
      const lines = [
        { ...asInput([first])[0], translation: 'Buenos días a todas.' },
        { startMs: 2000, endMs: 3000, text: 'New line.', translation: 'Línea nueva.', speakerId: task.speakerIds[1] },
        asInput([third])[0],
      ];
      const saved = await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, showName: '  Renamed talk ', lines });
      expect(saved.code).toBe(200);
      const after = (await page(owner, task.taskId)).rows;
      expect(after.map((l) => l.id).slice(0, 1)).toEqual([first.id]);
      expect(after[2].id).toBe(third.id);
      expect(after[1].id).not.toBe(second.id);
      expect(after.map((l) => [l.translation, l.speaker, l.revoice])).toEqual([
        ['Buenos días a todas.', 'Ann', true],
        ['Línea nueva.', 'Bob', true],
        ['Empecemos.', 'Ann', false],
      ]);
      const takes = await kit.app.db.selectFrom('dub_line_takes').select('segment_id').where('task_id', '=', task.taskId).execute();
      expect(takes.map((t) => t.segment_id).sort()).toEqual([first.id, third.id].sort());
      const record = await kit.app.db.selectFrom('records').select('show_name').where('id', '=', task.taskId).executeTakeFirstOrThrow();
      expect(record.show_name).toBe('Renamed talk');
      expect((await segmentsOf(task.taskId)).map((s) => s.speaker)).toEqual(['Ann', 'Bob', 'Ann']);

      const stranger = await kit.signUp('stranger');
      expect(await kit.post('/speech/video/transcribe/edits', stranger, { id: task.taskId, lines })).toMatchObject(notFound);

      // A line inserted at the top moves the others down, in order, with their ids and takes.
      const top = { startMs: 0, endMs: 0, text: 'Top.', translation: null, speakerId: null };
      const moved = [top, { ...asInput(after)[0], startMs: 0 }, ...asInput(after).slice(1)];
      expect((await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, lines: moved })).code).toBe(200);
      const shifted = await segmentsOf(task.taskId);
      expect(shifted.map((s) => [s.position, s.text])).toEqual([[0, 'Top.'], [1, 'Good morning everyone.'], [2, 'New line.'], [3, 'Let us start.']]);
      expect(shifted.slice(1).map((s) => s.id)).toEqual(after.map((l) => l.id));
      expect((await page(owner, task.taskId)).rows[3]).toMatchObject({ id: third.id, revoice: false });
      const restored = await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, lines: asInput(after) });
      expect(restored.code).toBe(200);

      // An id of another task's line is a new line here; that task keeps its line and take.
      const other = await seed(owner);
      const borrowed = { id: other.lineIds[0], startMs: 9000, endMs: 9500, text: 'Borrowed id.', translation: null, speakerId: null };
      expect((await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, lines: [...asInput(after), borrowed] })).code).toBe(200);
      const withBorrowed = await segmentsOf(task.taskId);
      expect(withBorrowed).toHaveLength(4);
      expect(withBorrowed[3]!.id).not.toBe(other.lineIds[0]);
      expect((await segmentsOf(other.taskId)).map((s) => s.id)).toEqual(other.lineIds);
      expect((await page(owner, other.taskId)).rows[0]).toMatchObject({ id: other.lineIds[0], revoice: false });
    });

    it('refuses each editor rule with its translated message and changes nothing', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner, { videoDurationMs: 10_000 });
      const other = await seed(owner);
      const before = await segmentsOf(task.taskId);
      const base = asInput((await page(owner, task.taskId)).rows);
      const long = 'x'.repeat(DUB_FRAME_MAX_CHARS + 1);
      const cases: [object, string, string?][] = [
        [{ lines: [{ ...base[0], startMs: 1500, endMs: 1000 }, ...base.slice(1)] }, 'Line 1 ends before it starts'],
        [{ lines: [base[0], { ...base[1], startMs: 1500 }, base[2]] }, 'Line 2 starts before line 1 ends'],
        [{ lines: [base[0], base[1], { ...base[2], endMs: 10_001 }] }, 'Line 3 ends after the end of the recording (10 s)'],
        [{ lines: [{ ...base[0], text: long }, ...base.slice(1)] }, `The original text of line 1 is longer than ${DUB_FRAME_MAX_CHARS} characters per frame; split the line`],
        [{ lines: [base[0], { ...base[1], translation: long }, base[2]] }, `The translation of line 2 is longer than ${DUB_FRAME_MAX_CHARS} characters per frame; split the line`],
        [{ lines: [base[0], base[1], { ...base[2], speakerId: other.speakerIds[0] }] }, 'Line 3 names a speaker that is not one of this dubbing task'],
        [{ lines: [{ ...base[0], speaker: '   ' }, ...base.slice(1)] }, 'Speaker name cannot be empty'],
        // The contract's pattern refuses a blank name before the handler; saveDubLines checks it too (below).
        [{ showName: '   ', lines: base }, "Field 'showName' is not valid"],
        [{ lines: [base[0], { ...base[1], startMs: 1500 }, base[2]] }, '第 2 句在第 1 句结束之前开始', 'zh-CN'],
        [{ lines: [{ ...base[0], text: long }, ...base.slice(1)] }, `第 1 条字幕的原文超过每帧 ${DUB_FRAME_MAX_CHARS} 个字符，请拆分该条字幕`, 'zh-CN'],
      ];
      for (const [body, msg, lang] of cases) {
        const answer = await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, ...body }, lang);
        expect(answer.code, msg).toBe(400);
        expect(answer.msg).toBe(msg);
      }
      const empty = await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, lines: [] });
      expect(empty.code).toBe(400);
      await expect(saveDubLines(kit.app.db, kit.clock, owner.user.id, { id: task.taskId, showName: ' ', lines: base })).rejects.toMatchObject({
        messageKey: 'records.titleEmpty',
      });
      expect(await segmentsOf(task.taskId)).toEqual(before);

      await kit.app.db.updateTable('dub_tasks').set({ state: 'translating' }).where('id', '=', task.taskId).execute();
      const busy = await kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, lines: base });
      expect(busy).toMatchObject({ code: 409, msg: 'The dubbing task is still being translated; edit it when the translation is done' });
      expect(await segmentsOf(task.taskId)).toEqual(before);
    });

    it('never interleaves parallel saves of one task: the lines are exactly one of the sent lists', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner, { videoDurationMs: 100_000 });
      const kept = asInput((await page(owner, task.taskId)).rows);
      const lists = Array.from({ length: 8 }, (_, n) => [
        kept[0],
        ...Array.from({ length: n + 1 }, (_, i) => ({ startMs: 10_000 + i * 1000, endMs: 10_500 + i * 1000, text: `save ${n} line ${i}`, translation: null, speakerId: task.speakerIds[1] })),
      ]);
      const answers = await Promise.all(lists.map((lines) => kit.post('/speech/video/transcribe/edits', owner, { id: task.taskId, lines })));
      expect(answers.map((a) => a.code)).toEqual(lists.map(() => 200));
      const final = await segmentsOf(task.taskId);
      const texts = final.map((s) => s.text);
      expect(lists.map((lines) => lines.map((l) => l!.text)).some((sent) => JSON.stringify(sent) === JSON.stringify(texts))).toBe(true);
      expect(final[0]!.id).toBe(kept[0]!.id);
      expect(final.map((s) => s.position)).toEqual(final.map((_, i) => i));
    });

    it('lists and edits speakers: trimmed names on every line, a voice of the task language that re-voices only that speaker', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner);
      const listed = await kit.get('/speech/video/transcribe/getSpeakerList', owner, { id: task.taskId });
      expect(listed.data).toEqual([
        { id: task.speakerIds[0], name: 'Ann', voice: 'es+f2' },
        { id: task.speakerIds[1], name: 'Bob', voice: 'es+m3' },
      ]);
      const renamed = await kit.post('/speech/video/transcribe/editSpeaker', owner, { id: task.taskId, speakerId: task.speakerIds[0], speakerName: '  Anna  ' });
      expect(renamed.code).toBe(200);
      const lines = (await page(owner, task.taskId)).rows;
      expect(lines.map((l) => [l.speaker, l.revoice])).toEqual([['Anna', false], ['Bob', false], ['Anna', false]]);
      expect((await segmentsOf(task.taskId)).map((s) => s.speaker)).toEqual(['Anna', 'Bob', 'Anna']);

      const voiced = await kit.post('/speech/video/transcribe/editSpeaker', owner, { id: task.taskId, speakerId: task.speakerIds[1], speakerName: 'Bob', voice: 'es+m1' });
      expect(voiced.code).toBe(200);
      expect((await page(owner, task.taskId)).rows.map((l) => l.revoice)).toEqual([false, true, false]);

      const refusals: [object, number, string, string?][] = [
        [{ speakerId: task.speakerIds[0], speakerName: '   ' }, 400, 'Speaker name cannot be empty'],
        [{ speakerId: task.speakerIds[0], speakerName: '   ' }, 400, '说话人名称不能为空', 'zh-CN'],
        [{ speakerId: task.speakerIds[0], speakerName: 'Ann', voice: 'en-us+f2' }, 400, 'The voice en-us+f2 is not offered for es-ES on this server'],
        [{ speakerId: 'no-such-speaker', speakerName: 'Ann' }, 404, 'The speaker does not exist'],
      ];
      for (const [body, code, msg, lang] of refusals) {
        expect(await kit.post('/speech/video/transcribe/editSpeaker', owner, { id: task.taskId, ...body }, lang)).toMatchObject({ code, msg });
      }
      expect((await kit.get('/speech/video/transcribe/getSpeakerList', owner, { id: task.taskId })).data.map((s: any) => [s.name, s.voice])).toEqual([
        ['Anna', 'es+f2'],
        ['Bob', 'es+m1'],
      ]);

      const stranger = await kit.signUp('stranger');
      expect(await kit.get('/speech/video/transcribe/getSpeakerList', stranger, { id: task.taskId })).toMatchObject(notFound);
      expect(await kit.post('/speech/video/transcribe/editSpeaker', stranger, { id: task.taskId, speakerId: task.speakerIds[0], speakerName: 'X' })).toMatchObject(notFound);
    });

    it('lists the voices the synthesiser really offers, and the dubbing languages with their availability', async () => {
      const owner = await kit.signUp();
      const voices = (await kit.get('/speech/video/transcribe/serviceNameList', owner)).data as { code: string; name: string; lang: string }[];
      const spanish = voices.filter((v) => v.lang === 'es-ES').map((v) => v.code);
      expect(spanish).toEqual(new EspeakSynthesizer().voices('es-ES').map((v) => v.id));
      expect(voices.find((v) => v.code === 'es+f2' && v.lang === 'es-ES')?.name).toBe('European Spanish female voice es+f2');
      expect(voices.some((v) => v.lang === 'ar-SA')).toBe(false);

      const languages = (await kit.get('/speech/video/transcribe/getLanguage', owner)).data as any[];
      const spanishItem = languages.find((l) => l.code === 'es-ES');
      expect(spanishItem).toMatchObject({ available: true, setting: null });
      expect(spanishItem.voices).toEqual(spanish);
      expect(spanishItem.sources).toContain('en-US');
      const arabic = languages.find((l) => l.code === 'ar-SA');
      expect(arabic).toMatchObject({ available: false, setting: 'TTS_URL' });
      expect(arabic.unavailableReason).toEqual(expect.stringContaining('TTS_URL'));
    });

    it('previews a line as WAV fitted to its slot, saves nothing, and refuses a burst beyond the in-flight limit', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner);
      const before = await segmentsOf(task.taskId);
      const body = { id: task.taskId, speakerId: task.speakerIds[0], text: 'Buenos días a todos.', startMs: 0, endMs: 2000 };
      const response = await kit.app.inject({
        method: 'POST', url: '/prod-api/speech/video/transcribe/previewLine', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('audio/wav');
      expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(response.rawPayload.length).toBeGreaterThan(10_000);
      expect(Number(response.headers['x-parley-overrun-ms'])).toBe(0);
      expect(await segmentsOf(task.taskId)).toEqual(before);

      expect(await kit.post('/speech/video/transcribe/previewLine', owner, { ...body, endMs: 0 })).toMatchObject({ code: 400, msg: 'The line must end after it starts to be previewed' });
      const stranger = await kit.signUp('stranger');
      expect(await kit.post('/speech/video/transcribe/previewLine', stranger, body)).toMatchObject(notFound);

      const burst = await Promise.all(Array.from({ length: 6 }, () => kit.post('/speech/video/transcribe/previewLine', owner, body)));
      const ok = burst.filter((r) => r.status === 200 && r.code === undefined);
      const refused = burst.filter((r) => r.code === 429);
      expect(ok.length + refused.length).toBe(6);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(6 - 2 * DUB_PREVIEWS_IN_FLIGHT);
      for (const r of refused) expect(r.msg).toBe(`Already making ${DUB_PREVIEWS_IN_FLIGHT} previews; wait for one to finish`);
    });

    it('transAdjust shortens an overrunning translation to a measured fit, marks a line that cannot fit and saves the change', async () => {
      const owner = await kit.signUp();
      const task = await seed(owner, {
        lines: [
          { startMs: 0, endMs: 1500, text: "Let's start.", translation: 'Empecemos (como dije antes, con calma, sin prisa y con mucho cuidado, por favor).', speaker: 0 },
          { startMs: 1500, endMs: 1800, text: 'Good morning to everyone in this room.', translation: 'Buenos días a todos los presentes en esta sala.', speaker: 1 },
          { startMs: 2000, endMs: 5000, text: 'Yes.', translation: 'Sí.', speaker: 1 },
          // No shorter wording of this translation exists; the source without its filler and aside is translated again (apertium en → es).
          {
            startMs: 5000, endMs: 6500, text: 'Um, basically, we start the meeting now (as I said).',
            translation: 'Nosotros comenzamos ahora mismo la reunión muy importante de hoy con todos los compañeros.', speaker: 0,
          },
        ],
      });
      const answer = await kit.get('/ai/dubbing/transAdjust', owner, { transId: task.taskId });
      expect(answer.code).toBe(200);
      const rows = answer.data as any[];
      expect(rows.map((l) => l.id)).toEqual([task.lineIds[0], task.lineIds[1], task.lineIds[3]]);
      expect(rows[0]).toMatchObject({ translation: 'Empecemos.', overrunMs: 0, revoice: true });
      expect(rows[1].overrunMs).toBeGreaterThan(0);
      expect(rows[2]).toMatchObject({ translation: 'Empezamos la reunión ahora.', overrunMs: 0, revoice: true });
      const saved = (await page(owner, task.taskId)).rows;
      expect(saved.map((l) => l.translation)).toEqual(['Empecemos.', 'Buenos días a todos los presentes en esta sala.', 'Sí.', 'Empezamos la reunión ahora.']);
      expect(saved.map((l) => l.revoice)).toEqual([true, false, false, true]);

      const stranger = await kit.signUp('stranger');
      expect(await kit.get('/ai/dubbing/transAdjust', stranger, { transId: task.taskId })).toMatchObject(notFound);
    }, 60_000);
  });
});
