// Which modules a page needs to render, for the build's chunk groups (vite.config.ts). Following every
// import from a page reaches far too much: `import { Menu } from '@chakra-ui/react'` imports Chakra's
// barrel, which re-exports every component, so by the import graph alone every page "needs" every
// component (and every RxJS operator through 'rxjs'). Through a library's barrel this follows only the
// names the importing module takes.
import path from 'node:path';

export interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds?: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
    code?: string | null;
  } | null;
}

/**
 * A library's barrel: its file, and whether a package specifier imports it (`id` is the barrel's module;
 * relative imports of it are resolved, whatever this answers).
 */
export interface Barrel {
  file: RegExp;
  importedAs(specifier: string, id: string): boolean;
}

const ZAG_PACKAGE_INDEX = /[\\/]@zag-js[\\/]([\w-]+)[\\/]dist[\\/]index\.mjs$/;
const ARK_COMPONENT_INDEX = /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]([\w-]+)[\\/]index\.js$/;

export const LIBRARY_BARRELS: readonly Barrel[] = [
  { file: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]index\.js$/, importedAs: (specifier) => specifier === '@chakra-ui/react' },
  // What Chakra's components take from Ark's own barrel (dataAttr, …), not all of Ark.
  { file: /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]index\.js$/, importedAs: (specifier) => specifier === '@ark-ui/react' },
  // Every component's anatomy, and Zag's createAnatomy through it.
  { file: /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]anatomy\.js$/, importedAs: (specifier) => specifier === '@ark-ui/react/anatomy' },
  // A component's anatomy alone (what a recipe needs) is not the component.
  { file: ARK_COMPONENT_INDEX, importedAs: (specifier, id) => specifier === `@ark-ui/react/${ARK_COMPONENT_INDEX.exec(id)?.[1]}` },
  // …and a Zag machine's anatomy is not its machine.
  { file: ZAG_PACKAGE_INDEX, importedAs: (specifier, id) => specifier === `@zag-js/${ZAG_PACKAGE_INDEX.exec(id)?.[1]}` },
  { file: /[\\/]rxjs[\\/]dist[\\/]esm[\\/]index\.js$/, importedAs: (specifier) => specifier === 'rxjs' },
];

/**
 * Whether a module only passes on other modules' exports (imports and exports, nothing of its own): only
 * then can it be followed by name. A module that defines things (Chakra's anatomy.js builds each
 * component's anatomy) lands in one chunk whole, with what any of its definitions needs.
 */
export function onlyReexports(code: string): boolean {
  return (
    code
      .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
      .replace(/^\s*["']use (strict|client)["'];?/gm, '')
      .replace(/import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'][^"']+["']\s*;?/g, '')
      .replace(/export\s*\*\s*(?:as\s+[\w$]+\s*)?from\s*["'][^"']+["']\s*;?/g, '')
      .replace(/export\s*\{[^}]*\}\s*(?:from\s*["'][^"']+["'])?\s*;?/g, '')
      .trim() === ''
  );
}

const IMPORT_NAMED = /(?:import|export)\s*(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const IMPORT_ALL = /(?:import|export)\s*\*\s*(?:as\s+[\w$]+\s*)?from\s*["']([^"']+)["']/g;

/** `a, b as c, type D` → [['a','a'], ['b','c']]: each binding's imported and local (or exported) name, types left out. */
function bindings(list: string): Array<readonly [string, string]> {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return [name!.trim(), (alias ?? name)!.trim()] as const;
    });
}

/**
 * The names `code` imports (or re-exports) from the module a specifier matched by `isBarrel` resolves
 * to, each with the members of it the code uses (`Field.Input` → ['Input']; null when it uses the name
 * otherwise too); null when it takes the whole module (`import * as`, `export *`).
 */
export function namesImportedFrom(code: string, isBarrel: (specifier: string) => boolean): Map<string, string[] | null> | null {
  for (const [, specifier] of code.matchAll(IMPORT_ALL)) if (isBarrel(specifier!)) return null;
  const names = new Map<string, string[] | null>();
  for (const [statement, list, specifier] of code.matchAll(IMPORT_NAMED)) {
    if (!isBarrel(specifier!)) continue;
    const reexport = statement.startsWith('export');
    for (const [name, local] of bindings(list!)) names.set(name, reexport || names.has(name) ? null : membersUsed(code, local));
  }
  return names;
}

/** The members of `local` the code reads (`local.Member`), or null when it also uses `local` itself. */
export function membersUsed(code: string, local: string): string[] | null {
  const name = local.replace(/\$/g, '\\$');
  const withoutImports = code.replace(IMPORT_NAMED, '');
  const uses = withoutImports.match(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g'))?.length ?? 0;
  const members = [...withoutImports.matchAll(new RegExp(`(?<![\\w$.])${name}\\.([\\w$]+)`, 'g'))].map(([, member]) => member!);
  return uses > 0 && members.length === uses ? [...new Set(members)] : null;
}

/**
 * A namespace object a library's build made (`var field_exports = __exportAll({ Input: () => FieldInput, … })`):
 * each member → the local name it reads; null when `code` defines no object `name`.
 */
export function namespaceMembers(code: string, name: string): Map<string, string> | null {
  const object = new RegExp(`(?:var|let|const)\\s+${name.replace(/\$/g, '\\$')}\\s*=\\s*(?:\\/\\*[^*]*\\*\\/\\s*)?__exportAll\\(\\{([^}]*)\\}\\)`).exec(code);
  if (!object) return null;
  return new Map([...object[1]!.matchAll(/([\w$]+)\s*:\s*\(\)\s*=>\s*([\w$]+)/g)].map(([, member, local]) => [member!, local!]));
}

/** Whether a module exports `name` itself or by name (`export function name`, `export { a as name }`). */
export function declares(code: string, name: string): boolean {
  const word = name.replace(/\$/g, '\\$');
  if (new RegExp(`export\\s+(?:async\\s+)?(?:function\\*?|const|let|var|class)\\s+${word}(?![\\w$])`).test(code)) return true;
  return [...code.matchAll(/export\s*\{([^}]*)\}/g)].some(([, list]) => bindings(list!).some(([, exported]) => exported === name));
}

/** Where a barrel's export comes from: the specifier, and the name there (null: the whole module, `import * as`). */
export interface ExportSource {
  specifier: string;
  name: string | null;
}

/**
 * Each name a barrel exports → where it comes from: `export { a as A } from './a.js'`, a name it imports
 * and exports (`import { a } from './a.js'` or `import * as a from …`, then `export { a as A }`), or one
 * it defines from an import (`const A = a.extendWith(…)`, maybe marked pure by the build's annotation in
 * front of the call). `starred`: the modules of its `export * from`.
 */
export function barrelExports(code: string): { named: Map<string, ExportSource>; starred: string[]; bound: Map<string, ExportSource> } {
  const bound = new Map<string, ExportSource>();
  for (const [, list, specifier] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const [name, local] of bindings(list!)) bound.set(local, { specifier: specifier!, name });
  }
  for (const [, local, specifier] of code.matchAll(/import\s*\*\s*as\s+([\w$]+)\s*from\s*["']([^"']+)["']/g)) bound.set(local!, { specifier: specifier!, name: null });
  for (const [, local, source] of code.matchAll(/(?:const|let|var)\s+([\w$]+)\s*=\s*(?:\/\*[^*]*\*\/\s*)?([\w$]+)/g)) {
    if (!bound.has(local!) && bound.has(source!)) bound.set(local!, bound.get(source!)!);
  }
  const named = new Map<string, ExportSource>();
  for (const [, list, from] of code.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g)) {
    for (const [local, exported] of bindings(list!)) {
      const source = from ? { specifier: from, name: local } : bound.get(local);
      if (source) named.set(exported, source);
    }
  }
  const starred = [...code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].map(([, specifier]) => specifier!);
  return { named, starred, bound };
}

const posix = (id: string) => id.replace(/\\/g, '/');

/** Whether `specifier`, written in module `from`, names module `id`: a relative path with or without its extension, or a package's (sub)path. */
function names(from: string, specifier: string, id: string): boolean {
  const target = posix(id);
  if (specifier.startsWith('.')) {
    const resolved = path.posix.resolve(path.posix.dirname(posix(from)), specifier);
    return target === resolved || target.replace(/\.m?js$/, '') === resolved || target === `${resolved}/index.js`;
  }
  const [first, ...rest] = specifier.split('/');
  const packageName = first!.startsWith('@') ? `${first}/${rest.shift()}` : first;
  const subpath = rest.join('/');
  return target.includes(`/node_modules/${packageName}/`) && (!subpath || target.includes(`/${subpath}/`) || target.includes(`/${subpath}.`));
}

/**
 * Every module `root` needs, directly or not: its static imports, where an import from a library barrel
 * counts only the files that export the names it takes — followed through barrels that re-export
 * another's. A name the barrel gets through `export *` counts every such file; one it defines itself,
 * none. `starByName` guesses closer, and can miss a module: of an `export *`, only the modules that say
 * they export the name count, and of a namespace (`Field.Input`), only the members read.
 */
export function neededModules(root: string, graph: ModuleGraph, barrels: readonly Barrel[] = LIBRARY_BARRELS, { starByName = false } = {}): Set<string> {
  const exportsOf = new Map<string, ReturnType<typeof barrelExports>>();
  const pure = new Map<string, boolean>();
  /** Whether a module only passes exports on: then, however it is reached, only the names taken count. */
  const passesOn = (id: string) => {
    if (!pure.has(id)) pure.set(id, onlyReexports(graph.getModuleInfo(id)?.code ?? ''));
    return pure.get(id)!;
  };
  /** A listed barrel an importer's specifier can name (only those are followed from outside the library). */
  const barrelOf = (id: string) => barrels.find(({ file }) => file.test(id) && passesOn(id));
  const parsed = (id: string) => {
    const code = graph.getModuleInfo(id)?.code ?? '';
    let exported = exportsOf.get(id);
    if (!exported) exportsOf.set(id, (exported = barrelExports(code)));
    return exported;
  };
  /**
   * The modules a barrel's export `name` comes from (barrels in between left out). With `members` (the
   * importer reads only `name.Member`s), a namespace's members alone: the modules behind a barrel's
   * `export * as` or a library's namespace object, not every module the namespace holds.
   */
  const sourcesOf = (barrel: string, name: string, members: readonly string[] | null, depth = 0): string[] => {
    const info = graph.getModuleInfo(barrel);
    if (!info?.code || depth > 8) return [barrel];
    const exported = parsed(barrel);
    const starred = () => {
      // Of the modules an `export *` passes on, with `starByName` the ones that say they export the name
      // (all, if none does). Without, all: the guess can miss a module (a sign-in page that finds one of
      // its modules in a signed-in chunk fails), so what must not be missed is reckoned without it.
      const all = exported.starred.map((specifier) => ({ specifier, name }));
      const declaring = all.filter(({ specifier }) => {
        const target = info.importedIds.find((candidate) => names(barrel, specifier, candidate));
        return target !== undefined && declares(graph.getModuleInfo(target)?.code ?? '', name);
      });
      return starByName && declaring.length > 0 ? declaring : all;
    };
    const sources = exported.named.has(name) ? [exported.named.get(name)!] : starred();
    // A name this cannot place (an export form it does not read, a specifier it cannot match) counts
    // the whole barrel: a module missed here could land in a chunk the shell imports back.
    if (sources.length === 0) return [barrel];
    return sources.flatMap(({ specifier, name: there }) => {
      const target = info.importedIds.find((candidate) => names(barrel, specifier, candidate));
      if (!target) return [barrel];
      if (there !== null && passesOn(target)) return sourcesOf(target, there, members, depth + 1);
      if (!members) return [target];
      if (there === null && passesOn(target)) return members.flatMap((member) => sourcesOf(target, member, null, depth + 1));
      const namespace = there === null ? null : namespaceMembers(graph.getModuleInfo(target)?.code ?? '', there);
      if (!namespace) return [target];
      // The object's members are the module's imports: follow each read member to where it comes from.
      const bound = parsed(target).bound;
      return members.flatMap((member) => {
        const source = bound.get(namespace.get(member) ?? '');
        const module = source && graph.getModuleInfo(target)!.importedIds.find((candidate) => names(target, source.specifier, candidate));
        if (!module) return [target];
        return source.name !== null && passesOn(module) ? sourcesOf(module, source.name, null, depth + 1) : [module];
      });
    });
  };
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = barrelOf(imported);
      const taken = barrel && info?.code ? namesImportedFrom(info.code, (specifier) => (specifier.startsWith('.') ? names(id, specifier, imported) : barrel.importedAs(specifier, imported))) : null;
      if (taken) for (const [name, members] of taken) pending.push(...sourcesOf(imported, name, starByName ? members : null));
      else pending.push(imported);
    }
  }
  return seen;
}

/** What `root` needs and what the parts it loads later (its dynamic imports, and theirs) need. */
export function neededWithLazyParts(root: string, graph: ModuleGraph, barrels: readonly Barrel[] = LIBRARY_BARRELS): Set<string> {
  const needed = new Set<string>();
  const roots = [root];
  for (let next = roots.pop(); next !== undefined; next = roots.pop()) {
    if (needed.has(next)) continue;
    for (const id of neededModules(next, graph, barrels)) {
      needed.add(id);
      roots.push(...(graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
    }
  }
  return needed;
}
