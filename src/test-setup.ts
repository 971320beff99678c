// Shared set-up for the unit suite. Most files run in jsdom; pure logic files (machines, rules,
// contract checks) declare `// @vitest-environment node`, which skips jsdom's start-up and, below,
// the React testing library's import: together about a second a file.
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  // jsdom has no matchMedia; Chakra and the mobile-layout query need one (desktop width by default).
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
