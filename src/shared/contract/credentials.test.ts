// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPassword, parseUsername, phoneUsername } from './credentials';

describe('checkPassword', () => {
  it('accepts 8 to 24 characters with letters and digits', () => {
    expect(checkPassword('abcdefg1')).toBeNull();
    expect(checkPassword('a1'.repeat(12))).toBeNull();
  });
  it('refuses lengths outside 8..24', () => {
    expect(checkPassword('abc1234')).toBe('passwordLength');
    expect(checkPassword('a1'.repeat(12) + 'x')).toBe('passwordLength');
  });
  it('refuses passwords without a letter or without a digit', () => {
    expect(checkPassword('12345678')).toBe('passwordComposition');
    expect(checkPassword('abcdefgh')).toBe('passwordComposition');
  });
});

describe('parseUsername', () => {
  it('normalises e-mail addresses', () => {
    expect(parseUsername('  Ann@Example.COM ')).toEqual({ kind: 'email', value: 'ann@example.com' });
  });
  it('normalises international phone numbers to E.164', () => {
    expect(parseUsername(phoneUsername('86', '138 0013 8000'))).toEqual({ kind: 'phone', value: '+8613800138000' });
    expect(parseUsername('+44 7911 123456')).toEqual({ kind: 'phone', value: '+447911123456' });
  });
  it('refuses anything else', () => {
    expect(parseUsername('not-an-address')).toEqual({ kind: 'invalid' });
    expect(parseUsername('a@b')).toEqual({ kind: 'invalid' });
    expect(parseUsername('+86 123')).toEqual({ kind: 'invalid' });
  });
});
