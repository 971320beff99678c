import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearToken,
  readStoredLocale,
  readToken,
  resolveLocale,
  writeStoredLocale,
  writeToken,
} from './session-storage';

afterEach(() => {
  clearToken();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('token cookie', () => {
  it('is absent until written', () => {
    expect(readToken()).toBeNull();
  });

  it('round-trips through the Admin-Token cookie, including characters that need escaping', () => {
    writeToken('abc.def=;x');
    expect(readToken()).toBe('abc.def=;x');
    expect(document.cookie).toContain('Admin-Token=');
  });

  it('is written for 180 days on path /', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    const now = Date.UTC(2025, 0, 1);
    vi.spyOn(Date, 'now').mockReturnValue(now);
    writeToken('t1');
    const written = writes[0]!;
    expect(written).toContain('path=/');
    const expires = /expires=([^;]+)/.exec(written)![1]!;
    expect(new Date(expires).getTime()).toBe(now + 180 * 24 * 60 * 60 * 1000);
  });

  it('is gone after clearToken', () => {
    writeToken('t2');
    clearToken();
    expect(readToken()).toBeNull();
  });
});

describe('stored locale', () => {
  it('reads and writes localStorage "locale"', () => {
    expect(readStoredLocale()).toBeNull();
    writeStoredLocale('zh-TW');
    expect(localStorage.getItem('locale')).toBe('zh-TW');
    expect(readStoredLocale()).toBe('zh-TW');
  });
});

describe('resolveLocale', () => {
  it.each([
    ['zh-TW', 'en-US', 'zh-TW'],
    ['en-US', 'zh-CN', 'en-US'],
    [null, 'zh', 'zh-CN'],
    [null, 'zh-CN', 'zh-CN'],
    [null, 'zh-TW', 'zh-TW'],
    [null, 'zh-HK', 'zh-TW'],
    [null, 'en', 'en-US'],
    [null, 'en-GB', 'en-US'],
    [null, 'fr-FR', 'en-US'],
    [null, undefined, 'en-US'],
    ['klingon', 'zh', 'zh-CN'],
    ['klingon', 'de', 'en-US'],
  ] as const)('stored %s, browser %s -> %s', (stored, browser, expected) => {
    expect(resolveLocale(stored, browser)).toBe(expected);
  });
});
