import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGES } from '../../src/shared/contract/first-pages';
import { firstPageChunking, firstPageRoots, mergeSmallGroups, SMALLEST_CHUNK } from './first-page-chunks';
import type { ModuleGraph } from './needed-modules';

/** Modules by id: what each imports; each as big as a chunk worth its own file. */
function graphOf(modules: Record<string, { imports?: string[]; lazy?: string[] }>): ModuleGraph {
  return {
    getModuleInfo(id) {
      const module = modules[id];
      if (!module) return null;
      return { code: 'x'.repeat(SMALLEST_CHUNK), importedIds: module.imports ?? [], dynamicallyImportedIds: module.lazy ?? [], importers: [], dynamicImporters: [] };
    },
  };
}

describe('the first pages’ chunks', () => {
  const graph = graphOf({
    '/src/main.tsx': { imports: ['/src/shell.ts'] },
    '/src/shell.ts': {},
    '/src/login.tsx': { imports: ['/src/shell.ts', '/src/form.tsx', '/node_modules/kit/input.js'], lazy: ['/src/phone.tsx'] },
    '/src/form.tsx': {},
    '/src/phone.tsx': { imports: ['/src/api.ts'] },
    '/node_modules/kit/input.js': {},
    '/src/list.route.tsx': { imports: ['/src/shell.ts', '/src/list.tsx', '/src/api.ts', '/node_modules/kit/input.js'] },
    '/src/list.tsx': {},
    '/src/api.ts': {},
    '/src/meeting.route.tsx': { imports: ['/src/api.ts', '/src/live.ts'] },
    '/src/live.ts': {},
  });
  const { chunkOf, sharedLibraries } = firstPageChunking(graph, {
    pages: [
      { name: 'recordList', roots: ['/src/list.route.tsx'] },
      { name: 'meeting', roots: ['/src/meeting.route.tsx'] },
    ],
    entry: '/src/main.tsx',
    signInPage: '/src/login.tsx',
  });

  it('names a module by the pages that need it, leaving the shell, the sign-in page and the routes alone', () => {
    expect(chunkOf.get('/src/list.tsx')).toBe('first~recordList');
    expect(chunkOf.get('/src/live.ts')).toBe('first~meeting');
    for (const alone of ['/src/shell.ts', '/src/form.tsx', '/src/list.route.tsx', '/src/meeting.route.tsx']) expect(chunkOf.has(alone)).toBe(false);
  });

  it('counts the sign-in page’s later panels as a page, and gives the libraries it shares to its libraries', () => {
    expect(chunkOf.get('/src/api.ts')).toBe('first~meeting~recordList~signInPanels');
    expect(chunkOf.has('/node_modules/kit/input.js')).toBe(false);
    expect([...sharedLibraries]).toEqual(['/node_modules/kit/input.js']);
  });

});

describe('mergeSmallGroups', () => {
  const size = (sizes: Record<string, number>) => (module: string) => sizes[module] ?? 0;

  it('moves a small group into the smallest bigger group that holds all its pages, never one with the sign-in panels for one without', () => {
    const keyOf = new Map<string, readonly string[]>([
      ['small', ['a']],
      ['ab', ['a', 'b']],
      ['abc', ['a', 'b', 'c']],
      ['abPanels', ['a', 'b', 'signInPanels']],
    ]);
    const merged = mergeSmallGroups(keyOf, size({ small: 10, ab: SMALLEST_CHUNK, abc: SMALLEST_CHUNK, abPanels: SMALLEST_CHUNK }));
    expect(merged.get('small')).toEqual(['a', 'b']);
    expect(merged.get('abc')).toEqual(['a', 'b', 'c']);
  });

  it('leaves a small group alone when no bigger group holds all its pages', () => {
    const merged = mergeSmallGroups(new Map([['small', ['a']], ['b', ['b']]]), size({ small: 10, b: SMALLEST_CHUNK }));
    expect(merged.get('small')).toEqual(['a']);
  });
});

describe('firstPageRoots', () => {
  it('finds each first page’s source modules, and a page with a parameter as a page of its own', () => {
    const root = path.join(__dirname, '..', '..');
    const pages = firstPageRoots(pathToFileURL(`${root}/`));
    expect(pages.map((page) => page.name)).toEqual(['recordList', 'meeting', 'dub', 'dub-id', 'meetingDetail']);
    expect(pages.find((page) => page.name === 'dub-id')!.roots).toEqual(FIRST_PAGES['/dub']!.withParam!.modules.map((module) => path.join(root, module)));
  });
});
