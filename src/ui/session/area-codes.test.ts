// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PHONE_AREA_CODES } from '../../shared/contract/limits';
import { AREA_CODE_REGIONS, areaCodeOptions, defaultAreaCode, flagEmoji } from './area-codes';

describe('area codes', () => {
  it('turns a region into its flag emoji', () => {
    expect(flagEmoji('CN')).toBe('🇨🇳');
    expect(flagEmoji('gb')).toBe('🇬🇧');
  });

  it('has a flag for every area code of the spec, in the spec order', () => {
    const options = areaCodeOptions('en-US');
    expect(options.map((option) => option.code)).toEqual([...PHONE_AREA_CODES]);
    for (const code of PHONE_AREA_CODES) expect(AREA_CODE_REGIONS[code]).toMatch(/^[A-Z]{2}$/);
    expect(options.find((option) => option.code === '351')?.label).toBe('🇵🇹 +351 Portugal');
  });

  it('names regions in the interface language', () => {
    expect(areaCodeOptions('zh-CN').find((option) => option.code === '86')?.label).toContain('中国');
  });

  it('picks a default code from the locale', () => {
    expect(defaultAreaCode('zh-CN')).toBe('86');
    expect(defaultAreaCode('zh-TW')).toBe('852');
    expect(defaultAreaCode('en-US')).toBe('1');
  });
});
