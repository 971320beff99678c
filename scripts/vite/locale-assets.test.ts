import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ONLY_NAMESPACES } from '../../src/i18n/server-only-namespaces';
import { allFirstTexts, FIRST_PAGES } from '../../src/shared/contract/first-pages';
import { clientLocaleFiles, firstTextsFiles, localeAssetsFolder } from './locale-assets';

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

  it("writes each first page's texts as one file per locale: the eager namespaces and the page's own, as in the one-namespace files", () => {
    const files = clientLocaleFiles(LOCALES_DIR);
    const bundles = firstTextsFiles(files);
    const locales = readdirSync(LOCALES_DIR);
    expect(bundles).toHaveLength(locales.length * (1 + Object.keys(FIRST_PAGES).length));
    const recordList = bundles.find((bundle) => bundle.fileName === 'zh-TW/first/recordList.json');
    expect(recordList).toBeDefined();
    const texts = JSON.parse(recordList!.json) as Record<string, unknown>;
    expect(Object.keys(texts)).toEqual(['common', 'api', 'auth', ...FIRST_PAGES['/recordList']!.namespaces]);
    for (const namespace of Object.keys(texts)) {
      const own = files.find((file) => file.locale === 'zh-TW' && file.namespace === namespace)!;
      expect(texts[namespace]).toEqual(JSON.parse(own.json));
    }
    expect(Object.keys(JSON.parse(bundles.find((bundle) => bundle.fileName === 'en-US/first/eager.json')!.json))).toEqual(['common', 'api', 'auth']);
    expect(allFirstTexts().map((bundle) => bundle.name)).toEqual(['eager', 'recordList', 'meeting', 'dub', 'meetingDetail']);
    // A first page naming a namespace no locale has fails the build rather than paint keys.
    expect(() => firstTextsFiles(files, [{ name: 'x', namespaces: ['common', 'noSuchNamespace'] }])).toThrow(/no noSuchNamespace\.json/);
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
