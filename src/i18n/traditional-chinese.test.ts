// @vitest-environment node
// Every zh-TW string (client and server share these files) must already be in Traditional
// characters and in Taiwan usage (issue 29): OpenCC's Taiwan phrase set ('cn' → 'twp', which converts
// the characters too; the character-only set would turn 只能 into 隻能) plus the reviewed product glossary (taiwan-terms.ts) change nothing either, and no
// mainland term is left. `npx tsx scripts/convert-zh-tw.ts` rewrites the files when this fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyGlossary, TAIWAN_GLOSSARY, toTaiwan } from './taiwan-terms';

const dir = join(__dirname, 'locales', 'zh-TW');

function strings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => strings(child, path ? `${path}.${key}` : key));
}

const all = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => strings(JSON.parse(readFileSync(join(dir, file), 'utf8')), file.replace(/\.json$/, '')));

describe('zh-TW locale', () => {
  it('has strings to check', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it('is in Taiwan usage: OpenCC twp and the product glossary change nothing', () => {
    const mainland = all.filter(([, text]) => toTaiwan(text) !== text).map(([key, text]) => `${key}: ${text} → ${toTaiwan(text)}`);
    expect(mainland).toEqual([]);
  });

  it('holds none of the mainland terms issue 29 found', () => {
    const terms = ['基本信息', '賬號安全', '郵箱', '未設置', '二維碼', '信息', '視頻', '軟件', '用戶名', '賬號', '默認', '登錄', '保存', '網絡', '文件'];
    const found = all.flatMap(([key, text]) => terms.filter((term) => text.includes(term)).map((term) => `${key}: ${term}`));
    expect(found).toEqual([]);
  });

  it('converts mainland wording to Taiwan wording (phrases, not characters only)', () => {
    expect(toTaiwan('基本信息')).toBe('基本資訊');
    expect(toTaiwan('賬號安全')).toBe('帳號安全');
    expect(toTaiwan('郵箱')).toBe('電子郵件');
    expect(toTaiwan('未設置')).toBe('未設定');
    expect(toTaiwan('二維碼')).toBe('QR 碼');
    expect(toTaiwan('视频软件用户')).toBe('影片軟體使用者');
    // The glossary undoes OpenCC's programming-term rewrite and keeps a longer term whole.
    expect(toTaiwan('套餐類型')).toBe('方案類型');
    expect(toTaiwan('配音視頻和音視頻')).toBe('配音影片和影音');
    expect(applyGlossary('手機號碼與手機號', TAIWAN_GLOSSARY)).toBe('手機號碼與手機號碼');
  });

  it('catches Simplified text (the converter really converts)', () => {
    expect(toTaiwan('默认文件夹')).toBe('預設資料夾');
  });
});
