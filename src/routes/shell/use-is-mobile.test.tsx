// The mobile layout is chosen on the very first render: a phone that first painted the desktop
// layout moved the whole page once corrected (CLS 0.292 on /recordList mobile, issue 27).
import { render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useIsMobile } from './use-is-mobile';

afterEach(() => vi.restoreAllMocks());

it('answers from the window on the first render, before any effect runs', () => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
  const renders: boolean[] = [];
  function Probe() {
    renders.push(useIsMobile());
    return null;
  }
  render(<Probe />);
  expect(renders[0]).toBe(true);
  expect(renders.every(Boolean)).toBe(true);
});
