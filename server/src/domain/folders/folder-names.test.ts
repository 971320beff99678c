import { describe, expect, it } from 'vitest';
import { checkDisplayName } from '../records/display-name';
import { uniqueSiblingName } from './folder-names';

describe('uniqueSiblingName', () => {
  it('keeps a free name and numbers taken ones from (1)', () => {
    expect(uniqueSiblingName('A', ['B'], 250)).toBe('A');
    expect(uniqueSiblingName('A', ['A', 'A (1)', 'A (3)'], 250)).toBe('A (2)');
  });

  it('shortens the base, counting code points, so the suffixed name stays within the limit', () => {
    const name = '😀'.repeat(10);
    const result = uniqueSiblingName(name, [name], 10);
    expect(result).toBe(`${'😀'.repeat(6)} (1)`);
    expect([...result]).toHaveLength(10);
  });
});

describe('checkDisplayName', () => {
  it('trims, refuses empty, control characters and overlong names, and keeps HTML as text', () => {
    expect(checkDisplayName('  <i>x</i>  ', 250)).toEqual({ name: '<i>x</i>' });
    expect(checkDisplayName(' \u3000 ', 250)).toEqual({ problem: 'empty' });
    expect(checkDisplayName('a\u0000b', 250)).toEqual({ problem: 'controlCharacters' });
    expect(checkDisplayName('a\u2028b', 250)).toEqual({ problem: 'controlCharacters' });
    expect(checkDisplayName('abc', 2)).toEqual({ problem: 'tooLong' });
    expect(checkDisplayName('😀😀', 2)).toEqual({ name: '😀😀' });
  });
});
