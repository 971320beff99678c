// Vocabulary libraries (issue 14 §1, §3, §5, §6) on SQLite and PostgreSQL: every limit of every kind,
// duplicates merged with a notice, caps under a burst, the SVIP gate, another user's ids refused on
// every call, and Excel import/export with files made here — each refusal leaving the tables unchanged.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { grantToUserId } from '../domain/entitlements/grants';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { multipartBody, type MultipartField } from '../testing/upload-test-kit';
import { largeFile, pairsFile, sheetFile, wordsFile, zipBombFile } from '../testing/xlsx-fixtures';
import { databaseVariants } from '../testing/database-variants';
import type { CallResult } from '../testing/inject';

const variants = await databaseVariants();
const NO_SUCH_RIGHT = 92505003;

describe.each(variants)('vocabulary on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  const svip = async (label = 'svip') => {
    const who = await kit.signUp(label);
    await grantToUserId(kit.app.db, kit.clock, who.user.id, '1', 30);
    return who;
  };
  const edit = (who: TestUser, body: Record<string, unknown>, lang?: string) => kit.post('/speech/document/edit', who, body, lang);
  const library = async (who: TestUser, kind: string, extra: Record<string, unknown> = {}) => {
    const answer = await edit(who, { kind, name: `${kind} lib`, ...(kind === 'translationTerms' ? { language: 'en-US', translationLanguage: 'es-ES' } : {}), ...extra });
    expect(answer.code).toBe(200);
    return answer.data.id as string;
  };
  const add = (who: TestUser, documentId: string, entries: Array<{ id?: string; source: string; target?: string | null }>, lang?: string) =>
    kit.post('/speech/document/editData', who, { documentId, entries }, lang);
  const words = (n: number, prefix = 'word') => Array.from({ length: n }, (_, i) => ({ source: `${prefix}${i}` }));
  const snapshot = async () => ({
    libraries: await kit.app.db.selectFrom('vocabulary_libraries').selectAll().orderBy('id').execute(),
    entries: await kit.app.db.selectFrom('vocabulary_entries').selectAll().orderBy('id').execute(),
  });
  const entriesOf = (libraryId: string) =>
    kit.app.db.selectFrom('vocabulary_entries').select(['source', 'target']).where('library_id', '=', libraryId).orderBy('created_at').orderBy('id').execute();
  const upload = async (who: TestUser, fields: Record<string, string>, file: Buffer | null, lang?: string, fileName = 'words.xlsx'): Promise<CallResult> => {
    const parts: MultipartField[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    if (file) parts.push({ name: 'file', value: file, fileName });
    const { body, contentType } = multipartBody(parts);
    const response = await kit.app.inject({
      method: 'POST',
      url: '/prod-api/speech/document/import',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType, ...(lang ? { 'accept-language': lang } : {}) },
      payload: body,
    });
    const parsed = JSON.parse(response.body);
    return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, body: response.body };
  };
  const download = async (who: TestUser, url: string) => {
    const response = await kit.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'zh-CN' } });
    return response;
  };
  const rowsOf = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  };

  describe.skipIf(variant.skipReason)('', () => {
    it('is SVIP only (92505003), and the permissions answer says so', async () => {
      const plain = await kit.signUp('plain');
      const before = await snapshot();
      const refused = await edit(plain, { kind: 'properWords', name: 'Names' });
      expect(refused).toMatchObject({ code: NO_SUCH_RIGHT, msg: 'There is currently no such benefit available. Please make a payment to purchase' });
      expect((await upload(plain, { kind: 'sensitiveWords', name: 'Bad' }, await wordsFile(['x']))).code).toBe(NO_SUCH_RIGHT);
      expect(await snapshot()).toEqual(before);
      const rights = async (who: TestUser) => (await kit.post('/expense/account/queryUserFunctionJudge', who, {})).data;
      expect(await rights(plain)).toMatchObject({ proprietaryWords: false, translateGlossary: false, sensitiveWords: false });

      const member = await svip();
      expect(await rights(member)).toMatchObject({ proprietaryWords: true, translateGlossary: true, sensitiveWords: true });
      const id = await library(member, 'properWords');
      expect((await add(member, id, [{ source: 'Parley' }])).code).toBe(200);

      // After the membership ends: the library can still be read and exported, not changed.
      kit.clock.advanceSeconds(31 * 86_400);
      expect(await rights(member)).toMatchObject({ proprietaryWords: false });
      expect((await kit.get('/speech/document/getDocumentData', member, { id })).data.rows.map((r: any) => r.source)).toEqual(['Parley']);
      expect((await download(member, `/speech/document/export?id=${id}`)).statusCode).toBe(200);
      const afterDowngrade = await snapshot();
      for (const answer of [
        await add(member, id, [{ source: 'More' }]),
        await edit(member, { id, kind: 'properWords', name: 'Renamed' }),
        await kit.post('/speech/document/removeData', member, { documentId: id, ids: ['x'] }),
        await kit.post('/speech/document/remove', member, { ids: [id] }),
        await upload(member, { kind: 'properWords', id }, await wordsFile(['More'])),
      ]) {
        expect(answer.code).toBe(NO_SUCH_RIGHT);
      }
      expect(await snapshot()).toEqual(afterDowngrade);
      // The library source steers nothing for a lapsed member either.
      expect((await kit.app.services.vocabularySource.byIds(member.user.id, [id])).properWords).toEqual([]);
      kit.clock.advanceSeconds(-31 * 86_400);
    });

    it('checks library names: required, at most 50, no control characters, HTML kept as text', async () => {
      const owner = await svip();
      const before = await snapshot();
      const cases: Array<[string, RegExp]> = [
        ['x'.repeat(51), /name.*50/],
        ['   ', /name/],
        ['two\nlines', /control characters/],
        ['tab\there', /control characters/],
      ];
      for (const [name, msg] of cases) {
        const answer = await edit(owner, { kind: 'properWords', name });
        expect(answer.code).toBe(400);
        expect(answer.msg).toMatch(msg);
      }
      expect((await edit(owner, { kind: 'translationTerms', name: 'Terms' })).msg).toBe('A translation terms library needs its original language and translation language');
      expect((await edit(owner, { kind: 'properWords', name: 'a\u0007' }, 'zh-CN')).msg).toBe('词库名称不能包含换行、制表符等控制字符');
      expect(await snapshot()).toEqual(before);

      const html = '<img src=x onerror=alert(1)>';
      const created = await edit(owner, { kind: 'properWords', name: `  ${html}  `, language: 'en-US', isDefault: true });
      expect(created.data).toMatchObject({ name: html, kind: 'properWords', language: 'en-US', wordCount: 0, isDefault: true });
      expect((await edit(owner, { kind: 'properWords', name: 'ü'.repeat(50) })).data.name).toBe('ü'.repeat(50));
      const renamed = await edit(owner, { id: created.data.id, kind: 'properWords', name: 'Names', isDefault: false });
      expect(renamed.data).toMatchObject({ id: created.data.id, name: 'Names', isDefault: false });
      expect((await edit(owner, { id: created.data.id, kind: 'sensitiveWords', name: 'Other' })).code).toBe(400);

      // Listed newest first, by kind and by a name filter whose % and _ are plain characters.
      await edit(owner, { kind: 'properWords', name: '100% names' });
      await edit(owner, { kind: 'sensitiveWords', name: 'Masked_words' });
      const names = async (query: Record<string, string | number>) => (await kit.get('/speech/document/getDocumentList', owner, query)).data;
      expect((await names({ kind: 'properWords' })).rows.map((l: any) => l.name)).toEqual(['100% names', 'ü'.repeat(50), 'Names']);
      expect(await names({ name: '0%' })).toMatchObject({ total: 1, rows: [{ name: '100% names' }] });
      expect((await names({ name: '%' })).total).toBe(1);
      expect((await names({ name: 'd_w' })).rows.map((l: any) => l.name)).toEqual(['Masked_words']);
      expect((await names({ name: '_' })).total).toBe(1);
      expect((await names({ name: 'NAMES' })).total).toBe(2);
      expect(await names({ pageSize: 2, pageNum: 2 })).toMatchObject({ total: 4, rows: [{ name: 'ü'.repeat(50) }, { name: 'Names' }] });
    });

    it('holds 150 proper words of 50 characters; the 151st and a 51-character word change nothing', async () => {
      const owner = await svip();
      const id = await library(owner, 'properWords');
      expect((await add(owner, id, [{ source: 'p'.repeat(50) }, ...words(149)])).code).toBe(200);
      const full = await snapshot();
      const over = await add(owner, id, [{ source: 'one more' }]);
      expect(over).toMatchObject({ code: 400, msg: 'A proper vocabulary library holds at most 150 entries added by hand; this change would make it 151' });
      const long = await add(owner, id, [{ source: 'q'.repeat(51) }]);
      expect(long).toMatchObject({ code: 400, msg: 'Entry 1 is longer than 50 characters' });
      expect((await add(owner, id, [{ source: 'ok' }, { source: 'bad\u0000' }], 'zh-TW')).msg).toBe('第 2 條包含換行、製表符等控制字元');
      expect(await snapshot()).toEqual(full);
      // Changing an entry of a full library is fine.
      const first = (await kit.get('/speech/document/getDocumentData', owner, { id, pageSize: 1 })).data.rows[0];
      expect((await add(owner, id, [{ id: first.id, source: 'Changed' }])).code).toBe(200);
      const list = await kit.get('/speech/document/getDocumentList', owner, { kind: 'properWords' });
      expect(list.data.rows.find((l: any) => l.id === id).wordCount).toBe(150);
    });

    it('holds 200 term pairs of 100 characters, both sides required', async () => {
      const owner = await svip();
      const id = await library(owner, 'translationTerms');
      const before = await snapshot();
      // 101 characters pass no side: the contract's own bound (maxLength 100) answers first, translated.
      expect((await add(owner, id, [{ source: 'a'.repeat(101), target: 'b' }])).msg).toBe("Field 'entries.0.source' must be at most 100 characters");
      expect((await add(owner, id, [{ source: 'ok', target: 'b'.repeat(101) }])).msg).toBe("Field 'entries.0.target' must be at most 100 characters");
      expect((await add(owner, id, [{ source: 'ok', target: 'b'.repeat(101) }])).code).toBe(400);
      expect((await add(owner, id, [{ source: 'ok', target: '  ' }])).msg).toBe('Entry 1: both Original and Translation are required');
      expect((await add(owner, id, [{ source: 'ok' }], 'zh-CN')).msg).toBe('第 1 条：原文和译文都必须填写');
      expect(await snapshot()).toEqual(before);
      const pairs = Array.from({ length: 200 }, (_, i) => ({ source: `term${i}`, target: `término${i}` }));
      expect((await add(owner, id, [...pairs, { source: 'one too many', target: 'x' }])).msg).toMatch(/at most 200 entries.*201/);
      expect(await snapshot()).toEqual(before);
      expect((await add(owner, id, pairs.slice(0, 150))).code).toBe(200);
      expect((await add(owner, id, pairs.slice(150))).code).toBe(200);
      expect((await add(owner, id, [{ source: 'x'.repeat(100), target: 'y' }])).msg).toMatch(/at most 200 entries/);
      const page = await kit.get('/speech/document/getDocumentData', owner, { id, keyword: 'término19', pageSize: 100 });
      expect(page.data.total).toBe(11);
      expect(page.data.library).toMatchObject({ id, wordCount: 200, language: 'en-US', translationLanguage: 'es-ES' });
    });

    it('holds 150 sensitive words by hand and 300 by import; replacements need both sides', async () => {
      const owner = await svip();
      const sensitive = await library(owner, 'sensitiveWords');
      expect((await add(owner, sensitive, words(150, 's'))).code).toBe(200);
      expect((await add(owner, sensitive, [{ source: 'extra' }])).msg).toMatch(/at most 150 entries added by hand/);
      const imported = await upload(owner, { kind: 'sensitiveWords', id: sensitive }, await wordsFile(Array.from({ length: 150 }, (_, i) => `t${i}`)));
      expect(imported).toMatchObject({ code: 200, msg: 'Imported 150 entries', data: { id: sensitive, imported: 150 } });
      expect((await entriesOf(sensitive)).length).toBe(300);
      const full = await snapshot();
      expect((await upload(owner, { kind: 'sensitiveWords', id: sensitive }, await wordsFile(['one more']))).code).toBe(400);
      expect(await snapshot()).toEqual(full);

      const replacement = await library(owner, 'wordReplacement');
      const before = await snapshot();
      expect((await add(owner, replacement, [{ source: 'gonna', target: '' }])).msg).toBe('Entry 1: both Before and After are required');
      expect((await add(owner, replacement, [{ source: 'gonna', target: null }])).msg).toBe('Entry 1: both Before and After are required');
      expect(await snapshot()).toEqual(before);
      expect((await add(owner, replacement, [{ source: '<b>gonna</b>', target: 'going to' }])).code).toBe(200);
      expect(await entriesOf(replacement)).toEqual([{ source: '<b>gonna</b>', target: 'going to' }]);
    });

    it('merges duplicates inside a library and says how many', async () => {
      const owner = await svip();
      const id = await library(owner, 'translationTerms');
      const first = await add(owner, id, [{ source: 'Parley', target: 'Parley' }, { source: 'parley', target: 'Parlé' }, { source: 'Other', target: 'Otro' }]);
      expect(first).toMatchObject({ code: 200, msg: 'Saved; duplicates merged: 1' });
      expect(await entriesOf(id)).toEqual([{ source: 'Parley', target: 'Parlé' }, { source: 'Other', target: 'Otro' }]);
      expect((await add(owner, id, [{ source: 'ＰＡＲＬＥＹ', target: 'P' }], 'zh-CN')).msg).toBe('已保存，合并重复项：1');
      const rows = (await kit.get('/speech/document/getDocumentData', owner, { id })).data.rows;
      const other = rows.find((r: any) => r.source === 'Other');
      // Renaming 'Other' onto 'Parley' makes the two one entry.
      expect((await add(owner, id, [{ id: other.id, source: 'parley', target: 'Final' }])).msg).toBe('Saved; duplicates merged: 1');
      expect(await entriesOf(id)).toEqual([{ source: 'Parley', target: 'Final' }]);
      expect((await add(owner, id, [{ source: 'New', target: 'Nuevo' }])).msg).toBe('Saved');
    });

    it('keeps the cap under a burst of 20 parallel adds', async () => {
      const owner = await svip();
      const id = await library(owner, 'properWords');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(owner, id, words(10, `burst${i}-`))));
      const saved = answers.filter((a) => a.code === 200).length;
      expect(answers.every((a) => a.code === 200 || /at most 150/.test(a.msg ?? ''))).toBe(true);
      expect(saved).toBe(15);
      expect((await entriesOf(id)).length).toBe(150);
    });

    it('refuses another user’s library ids on every call and changes nothing', async () => {
      const owner = await svip('owner');
      const intruder = await svip('intruder');
      const id = await library(owner, 'properWords');
      await add(owner, id, [{ source: 'Secret' }]);
      const entryId = (await kit.get('/speech/document/getDocumentData', owner, { id })).data.rows[0].id;
      const mine = await library(intruder, 'properWords');
      const before = await snapshot();
      expect((await kit.get('/speech/document/getDocumentList', intruder, {})).data.rows.map((l: any) => l.id)).toEqual([mine]);
      const answers = [
        await kit.get('/speech/document/getDocumentData', intruder, { id }),
        await edit(intruder, { id, kind: 'properWords', name: 'Mine now' }),
        await add(intruder, id, [{ source: 'Injected' }]),
        await add(intruder, id, [{ id: entryId, source: 'Changed' }]),
        await kit.post('/speech/document/remove', intruder, { ids: [id] }),
        await kit.post('/speech/document/remove', intruder, { ids: [mine, id] }),
        await kit.post('/speech/document/removeData', intruder, { documentId: id, ids: [entryId] }),
        await kit.post('/speech/document/removeData', intruder, { documentId: mine, ids: [entryId] }),
        await upload(intruder, { kind: 'properWords', id }, await wordsFile(['Injected'])),
        await upload(intruder, { kind: 'properWords', id, preview: 'true' }, await wordsFile(['Injected'])),
      ];
      for (const answer of answers) expect([answer.code, answer.msg]).toEqual([404, expect.stringMatching(/does not exist/)]);
      const exported = await download(intruder, `/speech/document/export?id=${id}`);
      expect(JSON.parse(exported.body).code).toBe(404);
      expect(await snapshot()).toEqual(before);
      const source = kit.app.services.vocabularySource;
      expect((await source.byIds(intruder.user.id, [id, mine])).libraries.map((l) => l.id)).toEqual([mine]);
    });

    it('deletes entries and libraries of the owner', async () => {
      const owner = await svip();
      const id = await library(owner, 'properWords');
      await add(owner, id, words(3));
      const rows = (await kit.get('/speech/document/getDocumentData', owner, { id })).data.rows;
      expect((await kit.post('/speech/document/removeData', owner, { documentId: id, ids: [rows[0].id, 'missing'] })).code).toBe(404);
      expect((await entriesOf(id)).length).toBe(3);
      expect((await kit.post('/speech/document/removeData', owner, { documentId: id, ids: [rows[0].id, rows[1].id] })).code).toBe(200);
      expect(await entriesOf(id)).toEqual([{ source: 'word2', target: null }]);
      expect((await kit.post('/speech/document/remove', owner, { ids: [id] })).code).toBe(200);
      expect(await snapshot()).toMatchObject({ libraries: expect.not.arrayContaining([expect.objectContaining({ id })]) });
      expect((await kit.app.db.selectFrom('vocabulary_entries').select('id').where('library_id', '=', id).execute()).length).toBe(0);
    });

    it('imports an Excel file into a new library, all or nothing, after a preview', async () => {
      const owner = await svip();
      const good = await pairsFile([['colour', 'color'], ['grey', 'gray'], ['Grey', 'gris']]);
      const before = await snapshot();
      const preview = await upload(owner, { kind: 'translationTerms', name: 'UK to US', language: 'en-GB', translationLanguage: 'en-US', preview: 'true' }, good);
      expect(preview).toMatchObject({
        code: 200,
        msg: 'Rows read: 3; rows with problems: 0',
        data: { id: null, imported: 0, preview: { total: 3, valid: 3, rows: [{ row: 4, source: 'Grey', target: 'gris', problems: ['duplicate'] }] } },
      });
      expect(await snapshot()).toEqual(before);
      const imported = await upload(owner, { kind: 'translationTerms', name: 'UK to US', language: 'en-GB', translationLanguage: 'en-US' }, good);
      expect(imported).toMatchObject({ code: 200, msg: 'Imported 2 entries; duplicates merged: 1', data: { imported: 2 } });
      expect(await entriesOf(imported.data.id)).toEqual([{ source: 'colour', target: 'color' }, { source: 'grey', target: 'gris' }]);

      // 301 sensitive words, a 101-character row, an empty translation: previewed row by row, nothing saved.
      const afterGood = await snapshot();
      const tooMany = await upload(owner, { kind: 'sensitiveWords', name: 'Too many' }, await wordsFile(Array.from({ length: 301 }, (_, i) => `w${i}`)));
      expect(tooMany).toMatchObject({ code: 400, msg: 'Rows with problems: 1 (first: row 302); nothing was imported' });
      expect(tooMany.data.preview.rows).toEqual([{ row: 302, source: 'w300', target: null, problems: ['overCap'] }]);
      const bad = await pairsFile([['ok', 'fine'], ['x'.repeat(101), 'long'], ['alone', ''], ['two\nlines', 'c']]);
      const badAnswer = await upload(owner, { kind: 'translationTerms', id: imported.data.id }, bad, 'zh-CN');
      expect(badAnswer.code).toBe(400);
      expect(badAnswer.msg).toBe('有问题的行：3（第一处：第 3 行），未导入任何内容');
      expect(badAnswer.data.preview.rows.map((r: any) => [r.row, r.problems])).toEqual([[3, ['tooLong']], [4, ['bothRequired']], [5, ['control']]]);
      expect(await snapshot()).toEqual(afterGood);
    });

    it('refuses files that are too large, not workbooks or zip bombs, and formulas without results', async () => {
      const owner = await svip();
      const id = await library(owner, 'properWords');
      const before = await snapshot();
      const cases: Array<[Buffer | null, string, string]> = [
        [await largeFile(6), 'big.xlsx', 'The file is larger than 5 MB'],
        [Buffer.from('word\nParley\n'), 'renamed.xlsx', 'The file is not an Excel workbook (.xlsx); save it as .xlsx and try again'],
        [Buffer.from('%PDF-1.7 not a sheet'), 'doc.xlsx', 'The file is not an Excel workbook (.xlsx); save it as .xlsx and try again'],
        [await zipBombFile(40), 'bomb.xlsx', 'The workbook expands to more than 20 MB and cannot be read'],
        [null, '', 'Please choose one Excel file'],
      ];
      const twoFiles = multipartBody([{ name: 'kind', value: 'properWords' }, { name: 'id', value: id }, { name: 'file', value: await wordsFile(['a']), fileName: 'a.xlsx' }, { name: 'file', value: await wordsFile(['b']), fileName: 'b.xlsx' }]);
      const twoAnswer = await kit.app.inject({ method: 'POST', url: '/prod-api/speech/document/import', headers: { authorization: `Bearer ${owner.token}`, 'content-type': twoFiles.contentType }, payload: twoFiles.body });
      expect(JSON.parse(twoAnswer.body)).toMatchObject({ code: 400, msg: 'Only one file can be imported at a time' });
      expect((await upload(owner, { kind: 'properWords', id, extra: 'x' }, await wordsFile(['a']))).msg).toBe("Unknown field 'extra'");
      expect((await upload(owner, { kind: 'nouns', id }, await wordsFile(['a']))).code).toBe(400);
      for (const [file, fileName, msg] of cases) {
        const answer = await upload(owner, { kind: 'properWords', id }, file, undefined, fileName);
        expect([answer.code, answer.msg]).toEqual([400, msg]);
      }
      const formulas = await sheetFile([['Word']], (sheet) => {
        sheet.getCell('A2').value = { formula: 'UPPER("parley")', result: 'PARLEY' } as never;
        sheet.getCell('A3').value = { formula: 'A2&"!"' } as never;
        sheet.getCell('A4').value = 'Merged';
        sheet.mergeCells('A4:B4');
      });
      const answer = await upload(owner, { kind: 'properWords', id }, formulas);
      expect(answer.code).toBe(400);
      expect(answer.data.preview.rows).toEqual([{ row: 3, source: null, target: null, problems: ['formula'] }]);
      expect(await snapshot()).toEqual(before);
      const wrongKind = await upload(owner, { kind: 'sensitiveWords', id }, await wordsFile(['x']));
      expect(wrongKind).toMatchObject({ code: 400, msg: 'This library is not a sensitive words library' });
      expect(await snapshot()).toEqual(before);
    });

    it('exports a library and serves translated templates in the same layout', async () => {
      const owner = await svip();
      const id = await library(owner, 'wordReplacement');
      await add(owner, id, [{ source: 'gonna', target: 'going to' }, { source: '=SUM(1)', target: 'formula-looking text' }]);
      const exported = await download(owner, `/speech/document/export?id=${id}`);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      expect(await rowsOf(exported.rawPayload)).toEqual({ name: '词汇替换', rows: [['替换前', '替换后'], ['gonna', 'going to'], ['=SUM(1)', 'formula-looking text']] });
      const template = await download(owner, '/speech/document/template?kind=translationTerms');
      expect(await rowsOf(template.rawPayload)).toEqual({ name: '翻译术语', rows: [['原文', '译文']] });
      // The export imports back into a new library unchanged.
      const again = await upload(owner, { kind: 'wordReplacement', name: 'Copy' }, exported.rawPayload);
      expect(await entriesOf(again.data.id)).toEqual(await entriesOf(id));
      // Imported into the library it came from, every row repeats an entry: merged, nothing added.
      const same = await upload(owner, { kind: 'wordReplacement', id }, exported.rawPayload);
      expect(same).toMatchObject({ code: 200, msg: 'Imported 0 entries; duplicates merged: 2', data: { id, imported: 0 } });
      expect((await entriesOf(id)).length).toBe(2);
    });

    it('keeps the import cap under parallel imports into one library', async () => {
      const owner = await svip();
      const id = await library(owner, 'sensitiveWords');
      await add(owner, id, words(150, 'hand'));
      const files = await Promise.all([0, 1, 2].map((n) => wordsFile(Array.from({ length: 100 }, (_, i) => `file${n}-${i}`))));
      const answers = await Promise.all(files.map((file) => upload(owner, { kind: 'sensitiveWords', id }, file)));
      const saved = answers.filter((a) => a.code === 200).length;
      expect(saved).toBe(1);
      expect(answers.filter((a) => a.code === 400).every((a) => /nothing was imported/.test(a.msg ?? ''))).toBe(true);
      expect((await entriesOf(id)).length).toBe(250);
    });

    it('merges the user’s libraries into one set for the engines, defaults apart', async () => {
      const owner = await svip();
      const names = await library(owner, 'properWords', { isDefault: true });
      const more = await library(owner, 'properWords');
      const terms = await library(owner, 'translationTerms', { isDefault: true });
      const masked = await library(owner, 'sensitiveWords');
      const swaps = await library(owner, 'wordReplacement');
      await add(owner, names, [{ source: 'Parley' }, { source: 'Kysely' }]);
      await add(owner, more, [{ source: 'parley' }, { source: 'Fastify' }]);
      await add(owner, terms, [{ source: 'meeting', target: 'reunión' }]);
      await add(owner, masked, [{ source: 'darn' }]);
      await add(owner, swaps, [{ source: 'gonna', target: 'going to' }]);
      const source = kit.app.services.vocabularySource;
      const set = await source.byIds(owner.user.id, [names, more, terms, masked, swaps, 'unknown']);
      expect(set).toEqual({
        libraries: [
          { id: names, name: 'properWords lib', kind: 'properWords' },
          { id: more, name: 'properWords lib', kind: 'properWords' },
          { id: terms, name: 'translationTerms lib', kind: 'translationTerms' },
          { id: masked, name: 'sensitiveWords lib', kind: 'sensitiveWords' },
          { id: swaps, name: 'wordReplacement lib', kind: 'wordReplacement' },
        ],
        properWords: ['Parley', 'Kysely', 'Fastify'],
        terms: [{ original: 'meeting', translation: 'reunión', originalLanguage: 'en-US', translationLanguage: 'es-ES' }],
        sensitiveWords: ['darn'],
        replacements: [{ before: 'gonna', after: 'going to' }],
      });
      const defaults = await source.defaults(owner.user.id);
      expect(defaults.libraries.map((l) => l.id)).toEqual([names, terms]);
      expect(defaults.properWords).toEqual(['Parley', 'Kysely']);
      expect(await source.byIds(owner.user.id, [])).toMatchObject({ libraries: [], properWords: [] });
    });
  });
});

describe('vocabulary with BILLING=off', () => {
  const kit = useRecordsTestApp(variants[0]!, { billing: false });

  it('lifts the SVIP gate for every kind, on the calls and in the library source', async () => {
    const anyone = await kit.signUp('private');
    const created = await kit.post('/speech/document/edit', anyone, { kind: 'sensitiveWords', name: 'Private deployment' });
    expect(created.code).toBe(200);
    expect((await kit.post('/speech/document/editData', anyone, { documentId: created.data.id, entries: [{ source: 'darn' }] })).code).toBe(200);
    expect((await kit.post('/expense/account/queryUserFunctionJudge', anyone, {})).data).toMatchObject({ proprietaryWords: true, translateGlossary: true, sensitiveWords: true });
    expect((await kit.app.services.vocabularySource.byIds(anyone.user.id, [created.data.id])).sensitiveWords).toEqual(['darn']);
  });
});
