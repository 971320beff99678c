// Every zh-TW string (client and server share these files) must already be in Traditional
// characters: opencc-js, a maintained Simplified→Traditional converter, is run over each one and must
// change nothing. Character-level conversion ('cn' → 'tw'), not phrase rewriting, so wording stays
// the translators' choice.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';

const dir = join(__dirname, 'locales', 'zh-TW');
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });

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

  it('is written in Traditional characters only', () => {
    const simplified = all.filter(([, text]) => toTraditional(text) !== text).map(([key, text]) => `${key}: ${text} → ${toTraditional(text)}`);
    expect(simplified).toEqual([]);
  });

  it('catches Simplified text (the converter really converts)', () => {
    expect(toTraditional('默认文件夹')).not.toBe('默认文件夹');
  });
});
