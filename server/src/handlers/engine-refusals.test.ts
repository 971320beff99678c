// Work this server already knows it cannot do is refused before it starts (issue 10): an upload in a
// language no engine recognises, a translation pair no engine serves, a meeting in such languages.
// Each answers a translated 400 naming the setting that would add an engine, and leaves no record,
// task or job behind; what the embedded engines do serve still goes through.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useRecordsTestApp } from '../testing/records-test-kit';
import { makeToneWav, uploadWhole } from '../testing/upload-test-kit';
import { databaseVariants } from '../testing/database-variants';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-refusals-'));
const wav = makeToneWav(path.join(fixtures, 'tone.wav'), 1, 16_000, 1);
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));
// SQLite is enough: the refusals happen before any query that differs between the databases.
const [sqlite] = await databaseVariants();

describe('refusals of work no engine can do (embedded engines)', () => {
  const kit = useRecordsTestApp(sqlite!);

  const uploaded = async (owner: { token: string }) => {
    const answer = await uploadWhole(kit.app, owner.token, wav);
    expect(answer.code).toBe(200);
    return (answer.data as { id: string }[])[0]!.id;
  };
  const recordsOf = (userId: string) => kit.app.db.selectFrom('records').select('id').where('user_id', '=', userId).execute();
  const jobsOf = (recordId: string) => kit.app.db.selectFrom('jobs').select('id').where('record_id', '=', recordId).execute();

  it('refuses an upload in a language nothing recognises, and keeps the file for another try', async () => {
    const owner = await kit.signUp();
    const id = await uploaded(owner);
    const zh = await kit.post('/speech/audio/transcribe/transwrite', owner, { ids: [id], showName: 'Talk', audioLanguage: 'zh-CN' }, 'en-US');
    expect(zh).toMatchObject({ code: 400, msg: 'no speech recognition engine for zh-CN; set ASR_URL' });
    // Without a language the spec's default (zh-CN) is meant, and refused the same way, in the caller's language.
    const unset = await kit.post('/speech/audio/transcribe/transwrite', owner, { ids: [id], showName: 'Talk' }, 'zh-TW');
    expect(unset).toMatchObject({ code: 400, msg: '沒有可用於 zh-CN 的語音辨識引擎；請設定 ASR_URL' });
    expect(await recordsOf(owner.user.id)).toEqual([]);
    expect(await jobsOf(id)).toEqual([]);

    // The same file in a served language becomes a record.
    const en = await kit.post('/speech/audio/transcribe/transwrite', owner, { ids: [id], showName: 'Talk', audioLanguage: 'en-US' });
    expect(en.code).toBe(200);
    expect((await recordsOf(owner.user.id)).map((r) => r.id)).toEqual([id]);
  });

  it('refuses an upload whose translation pair has no engine; a served pair is accepted', async () => {
    const owner = await kit.signUp();
    const id = await uploaded(owner);
    const ja = await kit.post('/speech/audio/transcribe/transwrite', owner, { ids: [id], showName: 'Talk', audioLanguage: 'en-US', translationLanguage: 'ja-JP' });
    expect(ja).toMatchObject({ code: 400, msg: 'no translation engine for en-US → ja-JP; set TRANSLATE_URL' });
    expect(await recordsOf(owner.user.id)).toEqual([]);
    const es = await kit.post('/speech/audio/transcribe/transwrite', owner, { ids: [id], showName: 'Talk', audioLanguage: 'en-US', translationLanguage: 'es-ES' });
    expect(es.code).toBe(200);
  });

  it('refuses a link upload before fetching anything', async () => {
    const owner = await kit.signUp();
    // Nothing listens on port 9: a fetch would fail with a fetch error, so the engine message proves no fetch was tried.
    const answer = await kit.post('/speech/audio/transcribe/transwrite/upload', owner, { url: 'http://127.0.0.1:9/talk.wav', showName: 'Talk', audioLanguage: 'ko-KR' });
    expect(answer).toMatchObject({ code: 400, msg: 'no speech recognition engine for ko-KR; set ASR_URL' });
    expect(await kit.app.db.selectFrom('media_files').select('id').where('user_id', '=', owner.user.id).execute()).toEqual([]);
  });

  it('refuses a meeting in a language nothing recognises or into a pair nothing translates', async () => {
    const owner = await kit.signUp();
    const zh = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['zh-CN'], translationLanguages: ['en-US'] });
    expect(zh).toMatchObject({ code: 400, msg: 'no speech recognition engine for zh-CN; set ASR_URL' });
    const fr = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES', 'fr-FR'] }, 'zh-CN');
    expect(fr).toMatchObject({ code: 400, msg: '没有可用于 en-US → fr-FR 的翻译引擎；请设置 TRANSLATE_URL' });
    expect(await recordsOf(owner.user.id)).toEqual([]);

    const ok = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
    expect(ok.code).toBe(200);
    const edit = await kit.post('/speech/meeting/edit', owner, { id: ok.data.id, translationLanguages: ['de-DE'] });
    expect(edit).toMatchObject({ code: 400, msg: 'no translation engine for en-US → de-DE; set TRANSLATE_URL' });
    expect((await kit.get('/speech/meeting/getMeeting', owner, { id: ok.data.id })).data.translationLanguages).toEqual(['es-ES']);
  });
});
