// Chakra's global CSS — its reset, the global styles and every token's CSS variable, ~48 KB — as a
// stylesheet made at build time instead of at every page's start. ChakraProvider otherwise builds it
// in the browser (createSystem → getTokenCss, then emotion's <Global> serialises, hashes and parses
// it), which on a phone-class CPU was ~400 ms of each page's first long task (issue 27 profiles).
// The build writes the same text emotion would insert, from the same system (src/ui/theme-more-recipes.ts,
// whose tokens and global styles the sign-in system shares), into the entry's CSS file, and Chakra's
// createSystem is handed an empty global list, so nothing builds it twice.
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { Plugin } from 'vite';

/** What main.tsx imports: the stylesheet with Chakra's global CSS. */
export const CHAKRA_GLOBAL_CSS_MODULE = 'virtual:chakra-global.css';
const RESOLVED_ID = '\0parley-chakra-global.css';

/** The part of a Chakra system this needs: its layer order and its global style objects. */
export interface ChakraGlobals {
  layers: { atRule: string };
  _global: unknown[];
}

/** The CSS text emotion's <Global> inserts for a system: the same serialiser, and emotion's own cache to compile it. */
export function chakraGlobalCssText(system: ChakraGlobals): string {
  const serialized = serializeStyles([system._global as never], undefined, {});
  // Emotion's cache returns the rules outside a browser and hands them to the sheet in one: both are taken.
  const rules: string[] = [];
  const sheet = { insert: (rule: string) => void rules.push(rule) };
  const returned: unknown = createCache({ key: 'css' }).insert('', serialized, sheet as never, false);
  // The layer order first: it must be declared before any layer's rules for `recipes` to win over `base`.
  return `${system.layers.atRule}\n${typeof returned === 'string' ? returned : rules.join('')}`;
}

/** In Chakra's createSystem: the line that builds the global styles at run time. */
export const CHAKRA_RUNTIME_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const CHAKRA_SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** In the system createSystem returns: the functions that build the global styles. */
export const CHAKRA_GLOBAL_BUILDERS = '    getTokenCss,\n    getGlobalCss,\n    getPreflightCss,';

/**
 * Chakra's createSystem with the global styles left out (they are in the stylesheet). Its three
 * builders are swapped for one that says so, which lets the bundler drop them and Chakra's preflight
 * module from every page's entry; nothing in Chakra or the app calls them.
 */
export function withoutRuntimeGlobal(code: string): string {
  // A Chakra upgrade that rewrites these lines must fail the build, not silently paint an unstyled page.
  for (const line of [CHAKRA_RUNTIME_GLOBAL, CHAKRA_GLOBAL_BUILDERS]) {
    if (!code.includes(line)) throw new Error(`chakra-global-css: Chakra's createSystem no longer contains "${line}"`);
  }
  const builtAtBuildTime = '() => { throw new Error("Chakra global CSS is built at build time (scripts/vite/chakra-global-css.ts)"); }';
  return code
    .replace(CHAKRA_RUNTIME_GLOBAL, 'const _global = []; // parley: built at build time (scripts/vite/chakra-global-css.ts)')
    .replace(CHAKRA_GLOBAL_BUILDERS, `    getTokenCss: ${builtAtBuildTime},\n    getGlobalCss: ${builtAtBuildTime},\n    getPreflightCss: ${builtAtBuildTime},`);
}

export function chakraGlobalCss(): Plugin[] {
  return [
    {
      name: 'parley:chakra-global-css',
      resolveId: (source) => (source === CHAKRA_GLOBAL_CSS_MODULE ? RESOLVED_ID : null),
      async load(id) {
        if (id !== RESOLVED_ID) return null;
        const { system } = await import('../../src/ui/theme-more-recipes');
        return chakraGlobalCssText(system as unknown as ChakraGlobals);
      },
    },
    {
      // Only the build: the dev server keeps Chakra's own (the stylesheet then repeats it, harmlessly).
      name: 'parley:chakra-without-runtime-global',
      apply: 'build',
      transform: (code, id) => (CHAKRA_SYSTEM_MODULE.test(id) ? { code: withoutRuntimeGlobal(code), map: null } : null),
    },
  ];
}
