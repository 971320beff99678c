// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../shared/contract/limits';

// Reads every namespace file of every helper from disk, so a key added in one language only fails here.
const root = join(__dirname, 'locales');

function flatten(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}

function keysOf(locale: string, file: string): string[] {
  return flatten(JSON.parse(readFileSync(join(root, locale, file), 'utf8'))).sort();
}

const namespaceFiles = [...new Set(LOCALES.flatMap((locale) => readdirSync(join(root, locale))))]
  .filter((file) => file.endsWith('.json'))
  .sort();

export function missingKeys(byLocale: Record<string, string[]>): string[] {
  const all = new Set(Object.values(byLocale).flat());
  return Object.entries(byLocale).flatMap(([locale, keys]) => {
    const present = new Set(keys);
    return [...all].filter((key) => !present.has(key)).map((key) => `${locale}: ${key}`);
  });
}

describe('locale parity', () => {
  it('finds the namespace files', () => {
    expect(namespaceFiles).toEqual(expect.arrayContaining(['common.json', 'nav.json', 'pages.json']));
  });

  it.each(namespaceFiles)('%s exists in every locale with the same keys', (file) => {
    for (const locale of LOCALES) {
      expect(readdirSync(join(root, locale)), `${locale}/${file} is missing`).toContain(file);
    }
    const byLocale = Object.fromEntries(LOCALES.map((locale) => [locale, keysOf(locale, file)]));
    expect(missingKeys(byLocale)).toEqual([]);
  });

  it.each(namespaceFiles)('%s has no empty translation', (file) => {
    for (const locale of LOCALES) {
      const data = JSON.parse(readFileSync(join(root, locale, file), 'utf8'));
      const empty = flatten(data).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, `${locale}/${file}`).toEqual([]);
    }
  });

  it('the parity check itself reports a key present in one locale only', () => {
    expect(missingKeys({ 'en-US': ['a', 'b'], 'zh-CN': ['a'], 'zh-TW': ['a', 'b'] })).toEqual(['zh-CN: b']);
  });
});
