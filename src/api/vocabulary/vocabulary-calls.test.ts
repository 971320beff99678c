// @vitest-environment node
// The vocabulary calls against fake answers: each speaks its contract path with the fields the
// contract names (the import as multipart, preview as 'true'), the xlsx downloads come back as
// files, and a 92505003 from any of them opens the purchase dialog on tab 2 (SVIP only).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import '../test-relative-request';
import { apiEvents$ } from '../app-events';
import { answering, json } from '../test-fetch';
import type { ApiEvent } from '../types';
import { editLibrary } from './edit';
import { editEntries } from './edit-data';
import { exportLibrary } from './export';
import { getDocumentData } from './get-document-data';
import { getDocumentList } from './get-document-list';
import { importVocabulary } from './import';
import { removeLibraries } from './remove';
import { removeEntries } from './remove-data';
import { fetchTemplate } from './template';


const LIBRARY = { id: 'L1', kind: 'properWords', name: 'Brands', wordCount: 0, createTime: '2026-11-24 06:00:00' };
let events: ApiEvent[];
let stop: () => void;
beforeEach(() => {
  events = [];
  const subscription = apiEvents$.subscribe((event) => events.push(event));
  stop = () => subscription.unsubscribe();
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('vocabulary calls', () => {
  it('read libraries and entries with the contract query', async () => {
    const requests = answering((request) =>
      request.url.includes('getDocumentList')
        ? json({ code: 200, msg: '', data: { total: 1, rows: [LIBRARY] } })
        : json({ code: 200, msg: '', data: { library: LIBRARY, total: 0, rows: [] } }),
    );
    expect(await getDocumentList({ kind: 'properWords', pageNum: 2, pageSize: 10 })).toEqual({ total: 1, rows: [LIBRARY] });
    expect((await getDocumentData({ id: 'L1', keyword: 'Par', pageNum: 1, pageSize: 100 })).library).toEqual(LIBRARY);
    const urls = requests.map((request) => new URL(request.url));
    expect(urls.map((url) => url.pathname)).toEqual(['/prod-api/speech/document/getDocumentList', '/prod-api/speech/document/getDocumentData']);
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ kind: 'properWords', pageNum: '2', pageSize: '10' });
    expect(Object.fromEntries(urls[1]!.searchParams)).toEqual({ id: 'L1', keyword: 'Par', pageNum: '1', pageSize: '100' });
  });

  it('create, change entries and delete with JSON bodies; the entries answer carries the server notice', async () => {
    const requests = answering((request) =>
      request.url.endsWith('/edit')
        ? json({ code: 200, msg: '', data: LIBRARY })
        : json({ code: 200, msg: request.url.endsWith('/editData') ? '1 duplicate merged' : '', data: null }),
    );
    expect(await editLibrary({ kind: 'properWords', name: 'Brands', language: 'en-US' })).toEqual(LIBRARY);
    expect(await editEntries({ documentId: 'L1', entries: [{ source: 'Parley' }, { source: 'Parley' }] })).toBe('1 duplicate merged');
    await removeEntries({ documentId: 'L1', ids: ['E1'] });
    await removeLibraries(['L1']);
    const bodies = await Promise.all(requests.map((request) => request.json()));
    expect(bodies).toEqual([
      { kind: 'properWords', name: 'Brands', language: 'en-US' },
      { documentId: 'L1', entries: [{ source: 'Parley' }, { source: 'Parley' }] },
      { documentId: 'L1', ids: ['E1'] },
      { ids: ['L1'] },
    ]);
    expect(events).toEqual([]);
  });

  it('sends the import as multipart with the file last and preview as a string', async () => {
    const preview = { total: 2, valid: 1, rows: [{ row: 3, source: '', target: null, problems: ['empty'] }] };
    const requests = answering(() => json({ code: 200, msg: '', data: { id: null, imported: 0, preview } }));
    const file = new File(['PK'], 'words.xlsx');
    const answer = await importVocabulary({ file, kind: 'properWords', id: 'L1', preview: true });
    expect(answer.preview).toEqual(preview);
    const form = await requests[0]!.formData();
    expect([...form.keys()]).toEqual(['kind', 'id', 'preview', 'file']);
    expect(form.get('preview')).toBe('true');
    expect((form.get('file') as File).name).toBe('words.xlsx');
    expect(new URL(requests[0]!.url).pathname).toBe('/prod-api/speech/document/import');
  });

  it('downloads the export and the template as files named by the server', async () => {
    answering(
      () =>
        new Response(new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), {
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''Brands.xlsx" },
        }),
    );
    const exported = await exportLibrary('L1');
    expect(exported.ok && exported.data.fileName).toBe('Brands.xlsx');
    const template = await fetchTemplate('translationTerms');
    expect(template.ok && (await template.data.blob.text())).toBe('xlsx');
  });

  it('opens the purchase dialog on tab 2 when a user without SVIP writes or downloads; the shared list read stays quiet', async () => {
    answering(() => json({ code: 92505003, msg: 'No such right', data: null }));
    await expect(getDocumentList({ kind: 'properWords' })).rejects.toMatchObject({ kind: 'entitlement', code: 92505003 });
    expect(events).toEqual([]); // the list machine asks for the dialog itself (purchase.needed)
    await expect(editLibrary({ kind: 'properWords', name: 'Brands' })).rejects.toMatchObject({ code: 92505003 });
    answering(() => new Response(JSON.stringify({ code: 92505003, msg: 'No such right', data: null }), { headers: { 'Content-Type': 'application/json' } }));
    const exported = await exportLibrary('L1');
    expect(exported.ok).toBe(false);
    expect(events.filter((event) => event.type === 'purchase.open')).toEqual([
      { type: 'purchase.open', tab: 'duration' },
      { type: 'purchase.open', tab: 'duration' },
    ]);
  });
});
