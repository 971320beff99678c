// The packages a fresh database offers (migration 0011 seeds them; operators change them with
// `npm run admin -- package ...`). Prices in fen (1/100 yuan). Memberships run for their period;
// packs hold hours that stay valid for theirs.
export interface CataloguePackage {
  id: string;
  packageType: '1' | '2' | '3' | '5';
  priceFen: number;
  orgPriceFen: number | null;
  validPeriod: number;
  /** 1 year, 2 month, 3 day */
  validPeriodUnit: 1 | 2 | 3;
  hours: number | null;
}

export const DEFAULT_CATALOGUE: readonly CataloguePackage[] = [
  { id: 'svip-month', packageType: '1', priceFen: 9_900, orgPriceFen: 12_900, validPeriod: 1, validPeriodUnit: 2, hours: null },
  { id: 'svip-quarter', packageType: '1', priceFen: 26_900, orgPriceFen: 38_700, validPeriod: 3, validPeriodUnit: 2, hours: null },
  { id: 'svip-year', packageType: '1', priceFen: 89_900, orgPriceFen: 154_800, validPeriod: 1, validPeriodUnit: 1, hours: null },
  { id: 'vip-month', packageType: '2', priceFen: 3_900, orgPriceFen: 4_900, validPeriod: 1, validPeriodUnit: 2, hours: null },
  { id: 'vip-quarter', packageType: '2', priceFen: 9_900, orgPriceFen: 14_700, validPeriod: 3, validPeriodUnit: 2, hours: null },
  { id: 'vip-year', packageType: '2', priceFen: 34_900, orgPriceFen: 58_800, validPeriod: 1, validPeriodUnit: 1, hours: null },
  { id: 'duration-10h', packageType: '3', priceFen: 5_000, orgPriceFen: null, validPeriod: 1, validPeriodUnit: 1, hours: 10 },
  { id: 'duration-50h', packageType: '3', priceFen: 20_000, orgPriceFen: 25_000, validPeriod: 1, validPeriodUnit: 1, hours: 50 },
  { id: 'duration-200h', packageType: '3', priceFen: 68_000, orgPriceFen: 100_000, validPeriod: 1, validPeriodUnit: 1, hours: 200 },
  { id: 'dubbing-1h', packageType: '5', priceFen: 3_000, orgPriceFen: null, validPeriod: 1, validPeriodUnit: 1, hours: 1 },
  { id: 'dubbing-10h', packageType: '5', priceFen: 25_000, orgPriceFen: 30_000, validPeriod: 1, validPeriodUnit: 1, hours: 10 },
];
