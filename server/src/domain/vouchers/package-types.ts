// The package types of features §3 and what a voucher's amount means for each: memberships run
// for a number of days, packs hold hours of credit.
import type { LedgerAccount, PackageType } from '../../db/schema';

export const PACKAGE_TYPES = ['1', '2', '3', '5'] as const satisfies readonly PackageType[];
export const MEMBERSHIP_TYPES: readonly PackageType[] = ['1', '2'];

export const SVIP: PackageType = '1';
export const VIP: PackageType = '2';

/** The account block (platform §3 account data) each package type fills. */
export const ACCOUNT_KIND_OF = {
  '1': 'svipMember',
  '2': 'vipMember',
  '3': 'duration',
  '5': 'smartDubbing',
} as const satisfies Record<PackageType, string>;

export function isPackageType(value: string): value is PackageType {
  return (PACKAGE_TYPES as readonly string[]).includes(value);
}

export function isMembership(type: PackageType): boolean {
  return MEMBERSHIP_TYPES.includes(type);
}

/** The ledger account each package type credits. */
export const LEDGER_ACCOUNT_OF = {
  '1': 'svip',
  '2': 'vip',
  '3': 'duration',
  '5': 'dubbing',
} as const satisfies Record<PackageType, LedgerAccount>;
