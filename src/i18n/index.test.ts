import { describe, expect, it } from 'vitest';
import { changeLocale, EAGER_NAMESPACES, i18next, initI18n, NAMESPACES } from './index';

describe('i18n loading', () => {
  it('loads only the shell namespaces at start and feature namespaces on demand', async () => {
    await initI18n('en-US');
    for (const ns of EAGER_NAMESPACES) expect(i18next.hasLoadedNamespace(ns)).toBe(true);
    expect(i18next.hasLoadedNamespace('records')).toBe(false);
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
});
