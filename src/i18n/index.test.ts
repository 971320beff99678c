import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { changeLocale, EAGER_NAMESPACES, i18next, initI18n, NAMESPACES } from './index';
import { SERVER_ONLY_NAMESPACES } from './server-only-namespaces';

describe('i18n loading', () => {
  it('loads only the shell namespaces at start and feature namespaces on demand', async () => {
    await initI18n('en-US');
    for (const ns of EAGER_NAMESPACES) expect(i18next.hasLoadedNamespace(ns)).toBe(true);
    expect(i18next.hasLoadedNamespace('records')).toBe(false);
    for (const signedIn of ['nav', 'pages']) expect(i18next.hasLoadedNamespace(signedIn)).toBe(false); // not the sign-in page's
    await i18next.loadNamespaces('records');
    expect(i18next.hasLoadedNamespace('records')).toBe(true);
    expect(Object.keys(i18next.getResourceBundle('en-US', 'records') ?? {}).length).toBeGreaterThan(0);
  });

  it('switches language with the namespaces already in use loaded in the new language', async () => {
    await initI18n('en-US');
    await i18next.loadNamespaces('records');
    await changeLocale('zh-TW');
    expect(i18next.language).toBe('zh-TW');
    expect(i18next.getResourceBundle('zh-TW', 'records')).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-TW');
    await changeLocale('en-US');
  });

  it('leaves namespaces only the server renders out of the browser build', () => {
    for (const serverOnly of ['server', 'engines', 'live', 'uploads', 'transcripts', 'vouchers']) expect(NAMESPACES).not.toContain(serverOnly);
    expect(NAMESPACES).toEqual(expect.arrayContaining(['auth', 'records', 'meetings']));
  });

  it('loads every namespace file but the server-only ones (the glob and SERVER_ONLY_NAMESPACES agree)', () => {
    const files = readdirSync(join(__dirname, 'locales', 'en-US')).map((file) => file.replace(/\.json$/, ''));
    const serverOnly = new Set<string>(SERVER_ONLY_NAMESPACES);
    expect([...NAMESPACES]).toEqual(files.filter((namespace) => !serverOnly.has(namespace)).sort());
  });

  it('counts with plural forms: one record, two records, and the same words for every count in Chinese', async () => {
    await initI18n('en-US');
    await i18next.loadNamespaces('records');
    expect(i18next.t('records:totalCount', { count: 1 })).toBe('1 record');
    expect(i18next.t('records:totalCount', { count: 2 })).toBe('2 records');
    expect(i18next.t('records:folderDeleted', { count: 1 })).toBe('Folder deleted; 1 record moved to the default folder');
    expect(i18next.t('records:deleteConfirmBody', { count: 3 })).toContain('Delete 3 records?');
    await changeLocale('zh-CN');
    expect(i18next.t('records:totalCount', { count: 1 })).toBe('共 1 条记录');
    expect(i18next.t('records:totalCount', { count: 7 })).toBe('共 7 条记录');
    await changeLocale('en-US');
  });
});
