// The preload hints the served page carries for its route (issue 27). A signed-in page otherwise
// fetches in steps: the entry, then (once it runs) the page's chunk, then (once that runs) the chunks
// it imports and the API client, then the page's texts. The server knows the route from the address,
// so index.html names all of them at once: <link rel="modulepreload"> for every chunk the route runs
// at first (read from the build's manifest, dist/web/.vite/manifest.json) and <link rel="preload"
// as="fetch" crossorigin> for its locale texts, which the client then takes from the preload cache
// (same URL, cors mode, same-origin credentials as its own fetch). What the table in
// src/shared/contract/first-pages.ts does not name gets no hint.
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_PAGES, SIGN_IN_FIRST_PAGES, firstTextsOf, localeOfLanguageTag } from '../../../../src/shared/contract/first-pages';
import type { Locale } from '../../../../src/shared/contract/limits';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What the server needs of a build to name a route's preloads. */
export interface BuildPreloads {
  manifest: Manifest;
  /** Where the locale texts are, e.g. /assets/locales/<hash>/ (null: the build has none). */
  localeBase: string | null;
}

let lastRead: { manifestFile: string; mtimeMs: number; build: BuildPreloads } | null = null;

/**
 * Reads the manifest and the locale folder of the build in webDir; null without a manifest. Kept
 * while the manifest is unchanged: a rebuild while the server runs is read again.
 */
export function readBuildPreloads(webDir: string): BuildPreloads | null {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  const mtimeMs = fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return null;
  if (lastRead?.manifestFile === manifestFile && lastRead.mtimeMs === mtimeMs) return lastRead.build;
  const build = readBuild(webDir, manifestFile);
  lastRead = { manifestFile, mtimeMs, build };
  return build;
}

function readBuild(webDir: string, manifestFile: string): BuildPreloads {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const localesDir = path.join(webDir, 'assets', 'locales');
  // One content-hashed folder per build (scripts/vite/locale-assets.ts).
  const folder = fs.existsSync(localesDir) ? fs.readdirSync(localesDir).find((name) => fs.statSync(path.join(localesDir, name)).isDirectory()) : undefined;
  return { manifest, localeBase: folder ? `/assets/locales/${folder}/` : null };
}

/** The manifest key of a source module: its own key when it is a page, else the chunk named after it ('sign-in' names the group's chunk). */
function keyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === name);
}

/** The files the modules run at once: their chunks and every chunk those import, entry left out. */
function chunkFiles(manifest: Manifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const seen = new Set<string>();
  const pending = modules.map((module) => keyOf(manifest, module)).filter((key): key is string => key !== undefined);
  const scripts: string[] = [];
  const styles = new Set<string>();
  for (let key = pending.shift(); key !== undefined; key = pending.shift()) {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    // The entry and what it imports are in index.html already.
    if (chunk.isEntry) continue;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    pending.push(...(chunk.imports ?? []));
  }
  const entryImports = new Set(Object.values(manifest).filter((chunk) => chunk.isEntry).flatMap((chunk) => chunk.imports ?? []).map((key) => manifest[key]?.file));
  return { scripts: scripts.filter((file) => !entryImports.has(file)), styles: [...styles] };
}

export interface PageRequest {
  pathname: string;
  /** The address's query parameters. */
  query: URLSearchParams;
  /** The visitor holds a session cookie: a signed-in page will render, not send them to sign in. */
  signedIn: boolean;
  /** Accept-Language's first tag: the locale the client picks when none is stored. */
  language: string | undefined;
}

/** The <link> tags for the page at this address (empty when it has none), each carrying the nonce. */
export function preloadLinks(build: BuildPreloads, page: PageRequest, nonce: string): string {
  // A signed-in page for a visitor with a session; a sign-in page for one without (the others are sent
  // elsewhere first: to sign in, or past it).
  const first = page.signedIn ? FIRST_PAGES[page.pathname] : SIGN_IN_FIRST_PAGES[page.pathname];
  if (!first) return '';
  const withParam = first.withParam && page.query.has(first.withParam.name) ? first.withParam.modules : [];
  const { scripts, styles } = chunkFiles(build.manifest, [...first.modules, ...withParam]);
  const locale: Locale = localeOfLanguageTag(page.language);
  // The texts first: one small file the first render waits for, asked before the many chunks.
  const texts = build.localeBase ? [`${build.localeBase}${locale}/first/${firstTextsOf(page.pathname, page.signedIn).name}.json`] : [];
  return [
    ...texts.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}" nonce="${nonce}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" nonce="${nonce}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${nonce}">`),
  ].join('\n    ');
}

/** The first language tag of an Accept-Language header ('zh-TW,zh;q=0.9' → 'zh-TW'). */
export function firstLanguageTag(acceptLanguage: string | undefined): string | undefined {
  return acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || undefined;
}
