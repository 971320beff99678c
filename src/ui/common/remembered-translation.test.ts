// @vitest-environment node
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { REMEMBERED_LABELS_MAX, rememberedT } from './remembered-translation';

const fakeT = (prefix: string) => vi.fn((key: string, values?: Record<string, unknown>) => `${prefix}:${key}${values ? JSON.stringify(values) : ''}`);

describe('rememberedT', () => {
  it('asks i18next once per key and values, and gives the same text after', () => {
    const t = fakeT('en');
    const asT = t as unknown as TFunction;
    expect(rememberedT(asT, 'line.start', { index: 3 })).toBe('en:line.start{"index":3}');
    expect(rememberedT(asT, 'line.start', { index: 3 })).toBe('en:line.start{"index":3}');
    expect(rememberedT(asT, 'line.start', { index: 4 })).toBe('en:line.start{"index":4}');
    expect(rememberedT(asT, 'line.end', { index: 3 })).toBe('en:line.end{"index":3}');
    expect(rememberedT(asT, 'list.label')).toBe('en:list.label');
    expect(rememberedT(asT, 'list.label')).toBe('en:list.label');
    expect(t).toHaveBeenCalledTimes(4);
  });
  it('keeps languages apart: another t is another cache', () => {
    const en = fakeT('en');
    const zh = fakeT('zh');
    expect(rememberedT(en as unknown as TFunction, 'preview.play')).toBe('en:preview.play');
    expect(rememberedT(zh as unknown as TFunction, 'preview.play')).toBe('zh:preview.play');
    expect([en.mock.calls.length, zh.mock.calls.length]).toEqual([1, 1]);
  });
  it('values with the same text under other names are other labels', () => {
    const t = fakeT('en');
    expect(rememberedT(t as unknown as TFunction, 'budget.fits', { cps: 12, limit: 15 })).not.toBe(rememberedT(t as unknown as TFunction, 'budget.fits', { cps: 15, limit: 12 }));
  });
  it(`starts over past ${REMEMBERED_LABELS_MAX} labels instead of growing without end`, () => {
    const t = fakeT('en');
    const asT = t as unknown as TFunction;
    for (let index = 0; index < REMEMBERED_LABELS_MAX; index++) rememberedT(asT, 'line.seek', { index });
    rememberedT(asT, 'line.seek', { index: 0 });
    expect(t).toHaveBeenCalledTimes(REMEMBERED_LABELS_MAX);
    rememberedT(asT, 'line.seek', { index: REMEMBERED_LABELS_MAX });
    rememberedT(asT, 'line.seek', { index: 0 });
    expect(t).toHaveBeenCalledTimes(REMEMBERED_LABELS_MAX + 2);
  });
});
