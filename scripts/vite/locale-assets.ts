// The production build serves the browser's translations as static JSON instead of JS chunks: the
// entry (what /login pays for before its form paints) then carries no loader per locale × namespace,
// and the texts a page needs arrive as data. Each client locale file is written to
// assets/locales/<hash>/<locale>/<namespace>.json — one hash over all of them, so a changed text is a
// new URL — with the first texts of each first page as one file (<locale>/first/<page>.json), and
// src/i18n/locale-source.ts is swapped for locale-source.fetched.ts, which fetches them.
// The dev server and the tests keep locale-source.ts (the files as modules); the server reads the same
// source files (server/src/i18n.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SERVER_ONLY_NAMESPACES } from '../../src/i18n/server-only-namespaces';
import { allFirstTexts, type FirstTexts } from '../../src/shared/contract/first-pages';

export interface LocaleFile {
  locale: string;
  namespace: string;
  /** The file's JSON, minified. */
  json: string;
}

/** Every locale file the browser may load (server-only namespaces left out), in a stable order. */
export function clientLocaleFiles(localesDir: string): LocaleFile[] {
  const serverOnly = new Set<string>(SERVER_ONLY_NAMESPACES);
  return readdirSync(localesDir)
    .sort()
    .flatMap((locale) =>
      readdirSync(path.join(localesDir, locale))
        .filter((file) => file.endsWith('.json') && !serverOnly.has(file.slice(0, -'.json'.length)))
        .sort()
        .map((file) => ({
          locale,
          namespace: file.slice(0, -'.json'.length),
          json: JSON.stringify(JSON.parse(readFileSync(path.join(localesDir, locale, file), 'utf8'))),
        })),
    );
}

export function localeAssetsFolder(files: readonly LocaleFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.locale}/${file.namespace}\0${file.json}\0`);
  return `assets/locales/${hash.digest('base64url').slice(0, 10)}/`;
}

/**
 * The first-texts files (src/shared/contract/first-pages.ts): per locale, one JSON object of the
 * namespaces a first page renders at once, by namespace, beside the one-namespace files.
 */
export function firstTextsFiles(files: readonly LocaleFile[], bundles: readonly FirstTexts[] = allFirstTexts()): { fileName: string; json: string }[] {
  const locales = [...new Set(files.map((file) => file.locale))];
  return locales.flatMap((locale) =>
    bundles.map((bundle) => {
      const texts = bundle.namespaces.map((namespace) => {
        const file = files.find((candidate) => candidate.locale === locale && candidate.namespace === namespace);
        if (!file) throw new Error(`locale-assets: ${locale} has no ${namespace}.json for the first texts "${bundle.name}"`);
        return `${JSON.stringify(namespace)}:${file.json}`;
      });
      return { fileName: `${locale}/first/${bundle.name}.json`, json: `{${texts.join(',')}}` };
    }),
  );
}

export function localeAssets(srcDir: string): Plugin {
  const localesDir = path.join(srcDir, 'i18n', 'locales');
  const source = path.join(srcDir, 'i18n', 'locale-source.ts');
  const fetched = path.join(srcDir, 'i18n', 'locale-source.fetched.ts');
  let files: LocaleFile[] = [];
  let folder = '';
  return {
    name: 'parley:locale-assets',
    enforce: 'pre',
    apply: 'build',
    config(config) {
      files = clientLocaleFiles(localesDir);
      folder = localeAssetsFolder(files);
      const assets = {
        base: `${config.base ?? '/'}${folder}`,
        locales: [...new Set(files.map((file) => file.locale))],
        namespaces: [...new Set(files.map((file) => file.namespace))].sort(),
      };
      return { define: { __PARLEY_LOCALE_ASSETS__: JSON.stringify(assets) } };
    },
    async resolveId(id, importer, options) {
      if (!importer || !/[\\/]src[\\/]i18n[\\/]/.test(importer) || !/^\.\/locale-source(\.ts)?$/.test(id)) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      return resolved && path.normalize(resolved.id) === path.normalize(source) ? fetched : null;
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${folder}${file.locale}/${file.namespace}.json`, source: file.json });
      }
      for (const bundle of firstTextsFiles(files)) this.emitFile({ type: 'asset', fileName: `${folder}${bundle.fileName}`, source: bundle.json });
    },
  };
}
