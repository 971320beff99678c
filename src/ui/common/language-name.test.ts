import { describe, expect, it } from 'vitest';
import { languageName } from './language-name';

describe('languageName', () => {
  it('names a language in each interface language, the kept names not mixing locales', () => {
    expect(languageName('fr', 'en-US')).toBe('French');
    expect(languageName('fr', 'zh-CN')).toBe('法语');
    expect(languageName('de', 'en-US')).toBe('German');
  });

  it('falls back to the given text or the code for a malformed code or locale', () => {
    expect(languageName('not a code!', 'en-US', 'Other')).toBe('Other');
    expect(languageName('fr', 'x-bad-locale-tag!!')).toBe('fr');
    expect(languageName('fr', 'x-bad-locale-tag!!', 'French?')).toBe('French?');
  });
});
