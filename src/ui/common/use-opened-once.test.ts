import { renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useOpenedOnce } from './use-opened-once';

it('is false until the first opening, then stays true through closing and reopening', () => {
  const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
  expect(result.current).toBe(false);
  rerender({ open: false });
  expect(result.current).toBe(false);
  rerender({ open: true });
  expect(result.current).toBe(true);
  rerender({ open: false });
  expect(result.current).toBe(true);
});

it('is true at once for a dialog that starts open', () => {
  const { result } = renderHook(() => useOpenedOnce(true));
  expect(result.current).toBe(true);
});
