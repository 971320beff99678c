// Issue 10 §7b: texts the server writes into its answers — the default folder's name (folder tree,
// record rows, the newest record) and the avatar menu's account blocks — come out in Traditional
// characters for a zh-TW request (and for the other tags browsers send for Traditional Chinese),
// checked with the same opencc-js converter the locale files are checked with.
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { databaseVariants } from '../testing/database-variants';
import { useRecordsTestApp } from '../testing/records-test-kit';

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
const isTraditional = (text: string) => /\p{Script=Han}/u.test(text) && toTraditional(text) === text;

const [sqlite] = await databaseVariants();

describe('answers for a zh-TW request', () => {
  // The locale is picked per request, whatever the database: SQLite is enough.
  const kit = useRecordsTestApp(sqlite!);

  it.each(['zh-TW', 'zh-Hant-TW', 'zh-HK', 'zh-TW,zh;q=0.9,en;q=0.8'])('name the default folder and the account blocks in Traditional characters (%s)', async (lang) => {
    const owner = await kit.signUp('hant');
    await kit.seedRecord(owner, { showName: 'Talk' });

    const tree = await kit.get('/speech/document/folder', owner, undefined, lang);
    const defaultFolder = (tree.data as Array<{ isDefault: boolean; name: string }>).find((folder) => folder.isDefault)!;
    expect(defaultFolder.name).toBe('預設資料夾');

    const rows = (await kit.get('/speech/audio/transcribe/query', owner, { pageNum: 1, pageSize: 10 }, lang)).data.rows as Array<{ folderName: string }>;
    expect(rows[0]!.folderName).toBe('預設資料夾');
    expect((await kit.get('/speech/audio/transcribe/getLatestTrans', owner, undefined, lang)).data.folderName).toBe('預設資料夾');

    const blocks = (await kit.post('/expense/account/queryAccountDetail', owner, { id: owner.user.id }, lang)).data as Record<string, Record<string, string>>;
    const texts = Object.values(blocks).flatMap((block) => [block.accountTypeName!, block.remarkString!, block.operationString!]);
    expect(texts.length).toBe(12);
    expect(texts.filter((text) => !isTraditional(text))).toEqual([]);
  });

  it('still answers zh-CN requests in Simplified characters', async () => {
    const owner = await kit.signUp('hans');
    const tree = await kit.get('/speech/document/folder', owner, undefined, 'zh-CN');
    expect((tree.data as Array<{ isDefault: boolean; name: string }>).find((folder) => folder.isDefault)!.name).toBe('默认文件夹');
  });
});
