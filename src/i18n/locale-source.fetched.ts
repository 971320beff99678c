// The production build's locale-source.ts (same exports; swapped in by scripts/vite/locale-assets.ts):
// the build writes each client locale file as a static JSON asset under one content-hashed folder
// and defines where it is and which namespaces it holds, so loading a namespace is one fetch of data.

declare const __PARLEY_LOCALE_ASSETS__: { base: string; locales: readonly string[]; namespaces: readonly string[] };

const assets = __PARLEY_LOCALE_ASSETS__;

export const CLIENT_NAMESPACES: readonly string[] = assets.namespaces;

export async function readNamespace(locale: string, namespace: string): Promise<Record<string, unknown> | null> {
  if (!assets.locales.includes(locale) || !assets.namespaces.includes(namespace)) return null;
  const response = await fetch(`${assets.base}${locale}/${namespace}.json`);
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return (await response.json()) as Record<string, unknown>;
}
