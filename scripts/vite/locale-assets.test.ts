import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ONLY_NAMESPACES } from '../../src/i18n/server-only-namespaces';
import { clientLocaleFiles, localeAssetsFolder } from './locale-assets';

const LOCALES_DIR = path.join(__dirname, '..', '..', 'src', 'i18n', 'locales');

describe('locale assets of the build', () => {
  const copies: string[] = [];
  afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('holds every client namespace of every locale, minified, and none the server alone renders', () => {
    const files = clientLocaleFiles(LOCALES_DIR);
    const locales = readdirSync(LOCALES_DIR).sort();
    expect(new Set(files.map((file) => file.locale))).toEqual(new Set(locales));
    for (const serverOnly of SERVER_ONLY_NAMESPACES) expect(files.some((file) => file.namespace === serverOnly)).toBe(false);
    const auth = files.find((file) => file.locale === 'en-US' && file.namespace === 'auth');
    expect(auth).toBeDefined();
    expect(auth!.json).not.toMatch(/\n/);
    expect(JSON.parse(auth!.json)).toHaveProperty('title.login');
    // Every locale has the same client namespaces (each fetch the client may make exists).
    const perLocale = locales.map((locale) => files.filter((file) => file.locale === locale).map((file) => file.namespace).join());
    expect(new Set(perLocale).size).toBe(1);
  });

  it('puts them in a folder named by their content: the same texts, the same URL; a changed text, a new one', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'parley-locales-'));
    copies.push(copy);
    cpSync(LOCALES_DIR, copy, { recursive: true });
    const before = localeAssetsFolder(clientLocaleFiles(copy));
    expect(before).toMatch(/^assets\/locales\/[\w-]{10}\/$/);
    expect(localeAssetsFolder(clientLocaleFiles(LOCALES_DIR))).toBe(before);
    writeFileSync(path.join(copy, 'zh-TW', 'common.json'), JSON.stringify({ changed: '改了' }));
    expect(localeAssetsFolder(clientLocaleFiles(copy))).not.toBe(before);
  });
});
