// The production build's locale-source.ts (same exports; swapped in by scripts/vite/locale-assets.ts):
// the build writes each client locale file as a static JSON asset under one content-hashed folder
// and defines where it is and which namespaces it holds, so loading a namespace is one fetch of data;
// the first page's namespaces are one fetch together (readFirstTextsFrom).

import type { FirstTexts } from '../shared/contract/first-pages';

declare const __PARLEY_LOCALE_ASSETS__: { base: string; locales: readonly string[]; namespaces: readonly string[] };

const assets = __PARLEY_LOCALE_ASSETS__;

export const CLIENT_NAMESPACES: readonly string[] = assets.namespaces;

let firstTexts: FirstTexts | null = null;
const firstTextsFiles = new Map<string, Promise<Record<string, Record<string, unknown>>>>();

/** The first page's texts come in one file (first-pages.ts); the namespaces it holds are read from it. */
export function readFirstTextsFrom(texts: FirstTexts): void {
  firstTexts = texts;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return (await response.json()) as T;
}

export async function readNamespace(locale: string, namespace: string): Promise<Record<string, unknown> | null> {
  if (!assets.locales.includes(locale) || !assets.namespaces.includes(namespace)) return null;
  if (firstTexts?.namespaces.includes(namespace)) {
    const url = `${assets.base}${locale}/first/${firstTexts.name}.json`;
    let file = firstTextsFiles.get(url);
    if (!file) {
      file = fetchJson<Record<string, Record<string, unknown>>>(url);
      firstTextsFiles.set(url, file);
      file.catch(() => firstTextsFiles.delete(url)); // a failed fetch may be retried
    }
    return (await file)[namespace] ?? null;
  }
  return fetchJson<Record<string, unknown>>(`${assets.base}${locale}/${namespace}.json`);
}
