// The chunks of the signed-in pages a visit most often opens first (src/shared/contract/first-pages.ts).
// Left to automatic chunking, /recordList fetched ~45 scripts before its list painted, most under 2 KB:
// rolldown cuts a chunk for every set of *all* the app's lazy routes that share a module (a menu used by
// the header, the vocabulary page and the purchase dialog is a chunk of its own), and on a phone's six
// connections each is a round trip. Here a module a first page needs at once goes to a chunk named by
// which first pages need it (`first~meeting~recordList`), so each first page fetches a few chunks. The
// other routes load those chunks too where they share a module with a first page: a little more code
// for a page opened later, over one more connection's round trip for the pages opened first.
import { fileURLToPath } from 'node:url';
import { FIRST_PAGES } from '../../src/shared/contract/first-pages';
import { neededModules, neededWithLazyParts, type ModuleGraph } from './needed-modules';

export interface FirstPageRoots {
  /** The page as a chunk name's part: `recordList`, `dub-id` (the dub page with a task open). */
  name: string;
  roots: readonly string[];
}

/** The first pages' modules as absolute paths, a page's `withParam` modules as a page of their own. */
export function firstPageRoots(projectRoot: URL): FirstPageRoots[] {
  const absolute = (modules: readonly string[]) => modules.filter((module) => module.startsWith('src/')).map((module) => fileURLToPath(new URL(module, projectRoot)));
  return Object.entries(FIRST_PAGES).flatMap(([path, page]) => [
    { name: path.slice(1), roots: absolute(page.modules) },
    ...(page.withParam ? [{ name: `${path.slice(1)}-${page.withParam.name}`, roots: absolute(page.withParam.modules) }] : []),
  ]);
}

export interface FirstPageChunkOptions {
  pages: readonly FirstPageRoots[];
  /** The app's entry: what it needs is the shell's, never one of these chunks. */
  entry: string;
  /** The sign-in page: what it renders stays in its chunks, or /login would load these. */
  signInPage: string;
}

/**
 * Below this much code (transformed source, before minifying: ~3 KB compressed) a chunk is not worth its
 * round trip: its modules join a bigger chunk that every page needing them loads anyway.
 */
export const SMALLEST_CHUNK = 12_000;

export interface FirstPageChunking {
  /** Each module a first page needs at once (not its roots: the server finds a page's files by them) → its chunk. */
  chunkOf: Map<string, string>;
  /**
   * Library modules first pages need that the sign-in page may need too: they go with its libraries
   * (Zag's DOM helpers, …: some /login runs, and a chunk of these would be one more file for /login).
   */
  sharedLibraries: Set<string>;
}

/**
 * The chunks of the first pages' modules. A module is named by the pages that need it; the sign-in
 * page's later panels (WeChat, the phone field) count as one more page, `signInPanels`, so opening one
 * loads none of the signed-in pages' code. What the entry needs stays in the shell.
 */
export function firstPageChunking(graph: ModuleGraph, { pages, entry, signInPage }: FirstPageChunkOptions): FirstPageChunking {
  const entryNeeds = neededModules(entry, graph);
  // What the sign-in page surely needs, and what it may: the second, reckoned without guessing which
  // module of an `export *` holds a name, stays out of every group here (rolldown's own chunks).
  const signInSurely = neededModules(signInPage, graph, undefined, { starByName: true });
  const signInMaybe = neededModules(signInPage, graph);
  const roots = new Set(pages.flatMap((page) => page.roots));
  const neededBy = new Map<string, Set<string>>();
  const sharedLibraries = new Set<string>();
  for (const page of pages) {
    for (const module of new Set(page.roots.flatMap((root) => [...neededModules(root, graph, undefined, { starByName: true })]))) {
      if (entryNeeds.has(module) || roots.has(module)) continue;
      if (signInMaybe.has(module)) {
        // The sign-in page's own modules are its group's; a library one it surely needs goes with its
        // libraries (one file fewer for every first page, and /login loads it anyway).
        if (signInSurely.has(module) && /[\\/]node_modules[\\/]/.test(module)) sharedLibraries.add(module);
        continue;
      }
      neededBy.set(module, (neededBy.get(module) ?? new Set()).add(page.name));
    }
  }
  for (const module of neededWithLazyParts(signInPage, graph)) neededBy.get(module)?.add('signInPanels');
  const keyOf = new Map([...neededBy].map(([module, names]) => [module, [...names].sort()]));
  const merged = mergeSmallGroups(keyOf, (module) => graph.getModuleInfo(module)?.code?.length ?? 0);
  return { chunkOf: new Map([...merged].map(([module, names]) => [module, ['first', ...names].join('~')])), sharedLibraries };
}

/**
 * A group (the modules the same pages need) smaller than SMALLEST_CHUNK joins the smallest bigger group
 * needed by all its pages and the fewest others — so no page fetches one more file, and a page that did
 * not need them gets a few KB more. One needed by the sign-in panels joins one that is too, if any.
 */
export function mergeSmallGroups(keyOf: ReadonlyMap<string, readonly string[]>, sizeOf: (module: string) => number): Map<string, readonly string[]> {
  const groups = new Map<string, { pages: readonly string[]; size: number }>();
  for (const [module, pages] of keyOf) {
    const key = pages.join('~');
    const group = groups.get(key) ?? { pages, size: 0 };
    group.size += sizeOf(module);
    groups.set(key, group);
  }
  const big = [...groups.values()].filter((group) => group.size >= SMALLEST_CHUNK);
  const target = new Map<string, readonly string[]>();
  for (const [key, group] of groups) {
    if (group.size >= SMALLEST_CHUNK) continue;
    const panels = group.pages.includes('signInPanels');
    const candidates = big
      .filter((other) => group.pages.every((page) => other.pages.includes(page)) && other.pages.includes('signInPanels') === panels)
      .sort((a, b) => a.pages.length - b.pages.length || a.size - b.size);
    if (candidates[0]) target.set(key, candidates[0].pages);
  }
  return new Map([...keyOf].map(([module, pages]) => [module, target.get(pages.join('~')) ?? pages]));
}

/**
 * The build's chunk group for the first pages (output.codeSplitting.groups), and the test the sign-in
 * libraries' group adds for the library modules they share with /login.
 */
export function firstPageChunks(options: FirstPageChunkOptions) {
  let chunking: FirstPageChunking | null = null;
  const of = (graph: ModuleGraph) => (chunking ??= firstPageChunking(graph, options));
  return {
    group: {
      name: (id: string, graph: ModuleGraph) => of(graph).chunkOf.get(id) ?? null,
      // Each module alone: what it imports is grouped by who needs that.
      includeDependenciesRecursively: false,
      // Below the shell, the sign-in page and its libraries: what they take stays theirs.
      priority: -1,
    },
    isSharedLibrary: (id: string, graph: ModuleGraph) => of(graph).sharedLibraries.has(id),
  };
}
