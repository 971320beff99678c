// Where the browser's translations come from in the dev server and the tests: the locale JSON files
// as modules, one lazy chunk each. The production build swaps this module for locale-source.fetched.ts
// (scripts/vite/locale-assets.ts), which fetches the same files as static JSON, so the sign-in page's
// entry does not carry a loader per locale × namespace and its texts arrive as data, not as script.
import type { FirstTexts } from '../shared/contract/first-pages';

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  // Keep in step with SERVER_ONLY_NAMESPACES (server-only-namespaces.ts): a glob must be a literal.
  '!./locales/*/server.json',
  '!./locales/*/engines.json',
  '!./locales/*/live.json',
  '!./locales/*/uploads.json',
  '!./locales/*/transcripts.json',
  '!./locales/*/vouchers.json',
  '!./locales/*/vocabularyServer.json',
]);

function namespaceOf(path: string): string | null {
  return /\.\/locales\/[^/]+\/([^/]+)\.json$/.exec(path)?.[1] ?? null;
}

/** Every namespace the browser can load. */
export const CLIENT_NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(localeFiles).map(namespaceOf).filter((n): n is string => !!n)),
].sort();

/** The build fetches a first page's texts as one file (locale-source.fetched.ts); here each is a module. */
export function readFirstTextsFrom(_texts: FirstTexts): void {}

/** A namespace's texts in a locale; null when that locale has no such file. */
export async function readNamespace(locale: string, namespace: string): Promise<Record<string, unknown> | null> {
  const load = localeFiles[`./locales/${locale}/${namespace}.json`];
  return load ? (await load()).default : null;
}
