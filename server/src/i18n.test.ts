import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/contract/limits';
import { localeFromAcceptLanguage } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('server translations', () => {
  it('maps accept-language to the three locales', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh')).toBe('zh-CN');
    expect(localeFromAcceptLanguage('zh-TW')).toBe('zh-TW');
    expect(localeFromAcceptLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr-FR,zh-TW;q=0.8,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('de')).toBe('en-US');
  });

  it('has the same keys, none empty, in zh-CN, zh-TW and en-US', () => {
    const [reference, ...others] = LOCALES.map((locale) => {
      const json = JSON.parse(fs.readFileSync(new URL(`../../src/i18n/locales/${locale}/server.json`, import.meta.url), 'utf8'));
      return { locale, json, keys: keys(json).sort() };
    });
    for (const other of others) expect(other.keys, other.locale).toEqual(reference!.keys);
    for (const { json, keys: ks } of [reference!, ...others]) {
      for (const key of ks) expect(key.split('.').reduce((v: any, k) => v[k], json)).not.toBe('');
    }
  });
});
