// Transcript edits and translation added later, on SQLite and PostgreSQL: saved lines with their
// time and speaker rules, a speaker renamed once for all its lines, merges, addTranslation through
// apertium (en-US → es-ES) and the clear failure of a pair no engine serves (zh-CN → en-US), and
// every call refusing another user's record with 'not found'.
import { describe, expect, it } from 'vitest';
import { useRecordsTestApp } from '../testing/records-test-kit';
import type { TranscriptTables } from '../domain/transcript/transcript-tables';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();
const notFound = { code: 404, msg: 'The record does not exist' };

describe.each(variants)('transcripts on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  const linesOf = async (owner: Parameters<typeof kit.get>[1], id: string) =>
    (await kit.get('/speech/audio/transcribe/getTransResult', owner, { id })).data.lines as any[];
  const recordRow = (id: string) =>
    kit.app.db.withTables<TranscriptTables>().selectFrom('records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const threeSpeakerLines = [
    { startMs: 0, endMs: 1000, speaker: 'Ann', text: 'Good morning everyone.', translation: null },
    { startMs: 1000, endMs: 2000, speaker: 'Bob', text: 'Morning Ann.', translation: null },
    { startMs: 2000, endMs: 2800, speaker: 'Ann', text: 'Let us start.', translation: null },
  ];

  describe.skipIf(variant.skipReason)('', () => {
    it('saves edited lines and refuses overlaps, reversed times, lines past the end and blank speakers', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, {
        audioDurationMs: 3000,
        segments: [{ startMs: 0, endMs: 1000, speaker: 'Ann', text: 'Hello', translation: null, words: [{ startMs: 0, endMs: 900, text: 'Hello' }] }],
      });
      const [first] = await linesOf(owner, id);
      const ok = await kit.post('/speech/audio/transcribe/editDetails', owner, {
        id,
        lines: [
          { id: first.id, startMs: 0, endMs: 1000, text: 'Hello', speaker: ' Ann ' },
          { startMs: 1000, endMs: 3000, text: 'Second', translation: 'Segundo', speaker: null },
        ],
      });
      expect(ok.code).toBe(200);
      const saved = await linesOf(owner, id);
      expect(saved.map((l) => [l.text, l.speaker, l.translation])).toEqual([['Hello', 'Ann', null], ['Second', null, 'Segundo']]);
      expect(saved[0].id).toBe(first.id);
      const words = await kit.app.db.selectFrom('record_segments').select('words').where('id', '=', first.id).executeTakeFirstOrThrow();
      expect(JSON.parse(words.words!)).toHaveLength(1);

      const refused: [object[], string][] = [
        [[{ startMs: 0, endMs: 1500, text: 'a' }, { startMs: 1000, endMs: 2000, text: 'b' }], 'Line 2 starts before line 1 ends'],
        [[{ startMs: 500, endMs: 100, text: 'a' }], 'Line 1 ends before it starts'],
        [[{ startMs: 0, endMs: 3500, text: 'a' }], 'Line 1 ends after the end of the recording (3 s)'],
        [[{ startMs: 0, endMs: 100, text: 'a', speaker: '   ' }], 'Speaker name cannot be empty'],
      ];
      for (const [lines, msg] of refused) {
        expect(await kit.post('/speech/audio/transcribe/editDetails', owner, { id, lines })).toMatchObject({ code: 400, msg });
      }
      expect((await linesOf(owner, id)).map((l) => l.text)).toEqual(['Hello', 'Second']);
      const zh = await kit.post('/speech/audio/transcribe/editDetails', owner, { id, lines: [{ startMs: 0, endMs: 100, text: 'a', speaker: ' ' }] }, 'zh-CN');
      expect(zh.msg).toBe('说话人名称不能为空');
    });

    it('renames a speaker once for all of its lines', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp('other');
      const id = await kit.seedRecord(owner, { segments: threeSpeakerLines });
      const before = await kit.app.db.selectFrom('records').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
      kit.clock.advanceSeconds(5);
      const renamed = await kit.post('/speech/audio/transcribe/renameSpeaker', owner, { id, speaker: 'Ann', newSpeaker: '  Ann Lee ' });
      expect(renamed).toMatchObject({ code: 200, data: { speaker: 'Ann Lee', renamedLines: 2 } });
      expect((await linesOf(owner, id)).map((l) => l.speaker)).toEqual(['Ann Lee', 'Bob', 'Ann Lee']);
      const after = await kit.app.db.selectFrom('records').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(after.updated_at > before.updated_at).toBe(true);

      expect(await kit.post('/speech/audio/transcribe/renameSpeaker', owner, { id, speaker: 'Bob', newSpeaker: '' })).toMatchObject({
        code: 400,
        msg: 'Speaker name cannot be empty',
      });
      expect((await kit.post('/speech/audio/transcribe/renameSpeaker', owner, { id, speaker: 'Nobody', newSpeaker: 'X' })).code).toBe(404);
      expect(await kit.post('/speech/audio/transcribe/renameSpeaker', other, { id, speaker: 'Bob', newSpeaker: 'Mine' })).toMatchObject(notFound);
      expect((await linesOf(owner, id)).map((l) => l.speaker)).toEqual(['Ann Lee', 'Bob', 'Ann Lee']);
    });

    it('merges adjacent lines, asking for the speaker when they differ', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp('other');
      const id = await kit.seedRecord(owner, { segments: threeSpeakerLines });
      const [a, b, c] = await linesOf(owner, id);
      expect(await kit.post('/speech/audio/transcribe/mergeFileData', owner, { id, lineIds: [a.id, b.id] })).toMatchObject({
        code: 400,
        msg: 'These lines have different speakers (Ann, Bob); choose the speaker to keep',
      });
      expect((await kit.post('/speech/audio/transcribe/mergeFileData', owner, { id, lineIds: [a.id, c.id], speaker: 'Ann' })).code).toBe(400);
      expect(await kit.post('/speech/audio/transcribe/mergeFileData', other, { id, lineIds: [a.id, b.id], speaker: 'Ann' })).toMatchObject(notFound);

      const merged = await kit.post('/speech/audio/transcribe/mergeFileData', owner, { id, lineIds: [b.id, a.id], speaker: 'Ann' });
      expect(merged).toMatchObject({ code: 200, data: { id: a.id, startMs: 0, endMs: 2000, speaker: 'Ann', text: 'Good morning everyone. Morning Ann.' } });
      const lines = await linesOf(owner, id);
      expect(lines.map((l) => l.id)).toEqual([a.id, c.id]);
      const positions = await kit.app.db.selectFrom('record_segments').select('position').where('record_id', '=', id).orderBy('position').execute();
      expect(positions.map((p) => p.position)).toEqual([0, 1]);
    });

    it('translates a record later in the background (apertium en-US → es-ES)', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp('other');
      const id = await kit.seedRecord(owner, {
        languages: ['en-US'],
        targetLanguages: [],
        segments: [
          { startMs: 0, endMs: 1000, speaker: null, text: 'Hello, how are you?', translation: null },
          { startMs: 1000, endMs: 2000, speaker: null, text: 'The house is big.', translation: null },
        ],
      });
      expect(await kit.post('/speech/audio/transcribe/addTranslation', other, { id, translationLanguage: 'es-ES' })).toMatchObject(notFound);
      const started = await kit.post('/speech/audio/transcribe/addTranslation', owner, { id, translationLanguage: 'es-ES' });
      expect(started).toMatchObject({ code: 200, data: { code: 200, msg: 'Translation started' } });
      // The answer does not wait for the engine: the record is still translating.
      expect((await kit.get('/speech/audio/transcribe/getTrans', owner, { id })).data).toMatchObject({ state: 'translating', targetLanguages: ['es-ES'] });
      expect((await kit.post('/speech/audio/transcribe/addTranslation', owner, { id, translationLanguage: 'es-ES' })).code).toBe(409);

      await kit.app.services.transcript.idle();
      expect((await kit.get('/speech/audio/transcribe/getTrans', owner, { id })).data.state).toBe('translation_completed');
      // It ran on the shared job queue (the one background mechanism), and its job row says so.
      const jobs = await kit.app.db.selectFrom('jobs').select(['kind', 'status']).where('record_id', '=', id).execute();
      expect(jobs).toEqual([{ kind: 'translate-record', status: 'completed' }]);
      const translations = (await linesOf(owner, id)).map((l) => l.translation);
      expect(translations[0]).toMatch(/Hola/);
      expect(translations[1]).toMatch(/casa/);
    });

    it('refuses a pair no engine serves before any work, naming TRANSLATE_URL in the requester language', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, {
        languages: ['zh-CN'],
        targetLanguages: [],
        segments: [{ startMs: 0, endMs: 1000, speaker: null, text: '大家好。', translation: null }],
      });
      const refused = await kit.post('/speech/audio/transcribe/addTranslation', owner, { id, translationLanguage: 'en-US' });
      expect(refused).toMatchObject({ code: 400, msg: 'no translation engine for zh-CN → en-US; set TRANSLATE_URL' });
      // Nothing started: the record keeps its state and no task or job was written.
      const row = await recordRow(id);
      expect(row.state).toBe('transcription_completed');
      expect(row.error_message).toBeNull();
      expect(await kit.app.db.selectFrom('jobs').select('id').where('record_id', '=', id).execute()).toEqual([]);
      expect((await linesOf(owner, id))[0].translation).toBeNull();

      const zhId = await kit.seedRecord(owner, { languages: ['zh-CN'], segments: [{ startMs: 0, endMs: 1000, speaker: null, text: '你好', translation: null }] });
      const zh = await kit.post('/speech/audio/transcribe/addTranslation', owner, { id: zhId, translationLanguage: 'ja-JP' }, 'zh-CN');
      expect(zh).toMatchObject({ code: 400, msg: '没有可用于 zh-CN → ja-JP 的翻译引擎；请设置 TRANSLATE_URL' });

      expect((await kit.post('/speech/audio/transcribe/addTranslation', owner, { id, translationLanguage: 'zh-CN' })).msg).toBe('The record is already in zh-CN');
      const busy = await kit.seedRecord(owner, { state: 'transcribing' });
      expect((await kit.post('/speech/audio/transcribe/addTranslation', owner, { id: busy, translationLanguage: 'es-ES' })).code).toBe(409);
    });

    it('finishes a translation task that a previous process accepted (rows survive a restart)', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, {
        languages: ['en-US'],
        state: 'translating',
        segments: [{ startMs: 0, endMs: 1000, speaker: null, text: 'Good morning.', translation: null }],
      });
      const now = kit.clock.now().toISOString();
      await kit.app.db
        .withTables<TranscriptTables>()
        .insertInto('translation_tasks')
        .values({ id: `task-${id}`, record_id: id, from_lang: 'en-US', to_lang: 'es-ES', locale: 'en-US', status: 'running', created_at: now, updated_at: now })
        .execute();
      expect(await kit.app.services.transcript.resumePending()).toBeGreaterThanOrEqual(1);
      await kit.app.services.transcript.idle();
      expect((await recordRow(id)).state).toBe('translation_completed');
      expect((await linesOf(owner, id))[0].translation).toMatch(/Buenos/);
    });
  });
});
