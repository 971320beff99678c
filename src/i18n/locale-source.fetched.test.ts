// The production build's locale source (locale-source.fetched.ts): a first page's texts come in one
// file, fetched once for every namespace it holds; any other namespace is its own file (issue 27).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const BASE = '/assets/locales/h4sh/';

describe('locale texts fetched from the build', () => {
  const fetched: string[] = [];
  beforeEach(() => {
    vi.resetModules();
    fetched.length = 0;
    vi.stubGlobal('__PARLEY_LOCALE_ASSETS__', { base: BASE, locales: ['en-US', 'zh-TW'], namespaces: ['common', 'api', 'records', 'meetings'] });
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      const body = url.includes('/first/') ? { common: { ok: 'OK' }, records: { title: 'Records' } } : { title: 'Meetings' };
      return new Response(JSON.stringify(body), { status: url.includes('missing') ? 404 : 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads the first page's namespaces from its one file, fetched once, and other namespaces from their own", async () => {
    const source = await import('./locale-source.fetched');
    source.readFirstTextsFrom({ name: 'recordList', namespaces: ['common', 'records'] });
    const [common, records] = await Promise.all([source.readNamespace('en-US', 'common'), source.readNamespace('en-US', 'records')]);
    expect(common).toEqual({ ok: 'OK' });
    expect(records).toEqual({ title: 'Records' });
    expect(await source.readNamespace('en-US', 'meetings')).toEqual({ title: 'Meetings' });
    // Another locale (the visitor switched language): that locale's file, once.
    await source.readNamespace('zh-TW', 'common');
    expect(fetched).toEqual([`${BASE}en-US/first/recordList.json`, `${BASE}en-US/meetings.json`, `${BASE}zh-TW/first/recordList.json`]);
    // Nothing is fetched for a locale or namespace the build does not have.
    expect(await source.readNamespace('fr-FR', 'common')).toBeNull();
    expect(await source.readNamespace('en-US', 'server')).toBeNull();
    expect(fetched).toHaveLength(3);
  });

  it('without first texts each namespace is its own file, and a failed file is an error to report', async () => {
    const source = await import('./locale-source.fetched');
    await source.readNamespace('en-US', 'common');
    expect(fetched).toEqual([`${BASE}en-US/common.json`]);
    source.readFirstTextsFrom({ name: 'missing', namespaces: ['api'] });
    await expect(source.readNamespace('en-US', 'api')).rejects.toThrow(/404/);
  });
});
