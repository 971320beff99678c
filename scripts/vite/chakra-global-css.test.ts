import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/ui/theme-more-recipes';
import { CHAKRA_RUNTIME_GLOBAL, chakraGlobalCssText, withoutRuntimeGlobal, type ChakraGlobals } from './chakra-global-css';

/** The text of every global <style> emotion inserted (its non-speedy mode writes rules as text). */
function insertedGlobalCss(): string {
  return [...document.querySelectorAll('style[data-emotion$="-global"]')].map((tag) => tag.textContent).join('');
}

describe('Chakra global CSS built at build time', () => {
  it("is exactly what Chakra's provider inserts at run time: reset, global styles and token variables", () => {
    const built = chakraGlobalCssText(system as unknown as ChakraGlobals);
    const view = render(createElement(ChakraProvider, { value: system, children: 'x' }));
    const atRuntime = insertedGlobalCss();
    view.unmount();
    expect(built.startsWith('@layer reset, base, tokens, recipes;\n')).toBe(true);
    expect(built.length).toBeGreaterThan(20_000);
    // Token variables of Chakra's palette and of the brand layer, and its dark-mode values, are in it.
    expect(built).toContain('--chakra-colors-brand-500:#3565f2');
    expect(built).toContain('--chakra-colors-fg-error:');
    expect(built).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-fg-error:/);
    // The provider inserts the layer order and the global list as separate sheets; together, the same text.
    expect(atRuntime.replace(/\s/g, '')).toBe(built.replace(/\s/g, ''));
  });

  it("leaves the global list out of Chakra's createSystem, and fails the build when Chakra's line changes", () => {
    const require = createRequire(import.meta.url);
    const systemModule = require.resolve('@chakra-ui/react').replace(/dist[\\/]cjs[\\/]index\.cjs$|dist[\\/]esm[\\/]index\.js$/, 'dist/esm/styled-system/system.js');
    const chakraSource = readFileSync(systemModule, 'utf8');
    expect(chakraSource).toContain(CHAKRA_RUNTIME_GLOBAL);
    const patched = withoutRuntimeGlobal(chakraSource);
    expect(patched).not.toContain('getTokenCss()]');
    expect(patched).toContain('const _global = [];');
    expect(patched).not.toMatch(/^\s+getPreflightCss,$/m);
    expect(patched).toMatch(/getPreflightCss: \(\) => \{ throw new Error/);
    expect(() => withoutRuntimeGlobal(chakraSource.replace(CHAKRA_RUNTIME_GLOBAL, 'const _global = build();'))).toThrow(/no longer contains/);
  });
});
