import { describe, expect, it } from 'vitest';
import { parseUsername as parseShape } from '../../../../src/shared/contract/credentials';
import { parseUsername } from './username';

describe('server username rule', () => {
  it('accepts real numbers in E.164 form', () => {
    expect(parseUsername('+86 138 0013 8000')).toEqual({ kind: 'phone', value: '+8613800138000' });
    expect(parseUsername('+44 7911 123456')).toEqual({ kind: 'phone', value: '+447911123456' });
  });
  it('refuses numbers of the right shape that cannot exist, which the browser lets through', () => {
    expect(parseShape('+1 011 555 0100')).toEqual({ kind: 'phone', value: '+10115550100' });
    expect(parseUsername('+1 011 555 0100')).toEqual({ kind: 'invalid' });
  });
  it('treats e-mail addresses like the shared rule', () => {
    expect(parseUsername(' Ann@Example.com')).toEqual({ kind: 'email', value: 'ann@example.com' });
  });
});
