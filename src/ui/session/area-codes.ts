// The flag shown beside each phone area code of the picker (platform §9). Codes shared by several
// regions (1: US and Canada, 7: Russia and Kazakhstan) show the region most users mean.
import { PHONE_AREA_CODES } from '../../shared/contract/limits';

export type AreaCode = (typeof PHONE_AREA_CODES)[number];

export const AREA_CODE_REGIONS: Record<AreaCode, string> = {
  '1': 'US',
  '7': 'RU',
  '33': 'FR',
  '34': 'ES',
  '39': 'IT',
  '44': 'GB',
  '49': 'DE',
  '61': 'AU',
  '65': 'SG',
  '66': 'TH',
  '81': 'JP',
  '84': 'VN',
  '86': 'CN',
  '91': 'IN',
  '351': 'PT',
  '852': 'HK',
  '853': 'MO',
};

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** A two-letter region code as its flag emoji (two regional indicator symbols). */
export function flagEmoji(region: string): string {
  return [...region.toUpperCase()].map((letter) => String.fromCodePoint(REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65)).join('');
}

/** Region names come from the browser in the interface language, so no translation table is needed. */
export function regionName(region: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

export interface AreaCodeOption {
  code: AreaCode;
  label: string;
}

export function areaCodeOptions(locale: string): AreaCodeOption[] {
  return PHONE_AREA_CODES.map((code) => {
    const region = AREA_CODE_REGIONS[code];
    return { code, label: `${flagEmoji(region)} +${code} ${regionName(region, locale)}` };
  });
}

/** A sensible first choice for the picker from the interface language. */
export function defaultAreaCode(locale: string): AreaCode {
  if (locale === 'zh-TW') return '852';
  if (locale.startsWith('zh')) return '86';
  return '1';
}
