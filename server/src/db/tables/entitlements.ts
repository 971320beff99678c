// Tables of what a user may use and has used: vouchers (0007), entitlements, the package catalogue
// and the append-only ledger (0011).
import type { Generated, Selectable } from 'kysely';

/** Operator-made voucher codes (0007); redeemed once. */
export interface VouchersTable {
  code: string;
  package_type: PackageType;
  /** Days for memberships (1, 2), hours of credit for packs (3, 5). */
  amount: number;
  created_at: string;
  redeemed_by: string | null;
  redeemed_at: string | null;
}

/** Package types of features §3: 1 SVIP, 2 VIP, 3 duration, 5 audio/video dubbing. */
export type PackageType = '1' | '2' | '3' | '5';

export interface EntitlementsTable {
  id: string;
  user_id: string;
  package_type: PackageType;
  source: 'voucher' | 'order';
  /** The voucher code or order number that granted it. */
  source_ref: string;
  starts_at: string;
  valid_until: string | null;
  credit_seconds: number | null;
  used_seconds: Generated<number>;
  created_at: string;
}

/** Package catalogue (0011); prices in fen. */
export interface PackagesTable {
  id: string;
  package_type: PackageType;
  package_name: string | null;
  price_fen: number;
  org_price_fen: number | null;
  valid_period: number;
  valid_period_unit: number;
  hours: number | null;
  sort: Generated<number>;
  disabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type LedgerAccount = 'svip' | 'vip' | 'duration' | 'dubbing';
export type LedgerKind = 'purchase' | 'grant' | 'voucher' | 'trial' | 'consumption' | 'refund';
export type UsageKind = 'upload' | 'live' | 'dubbing';

/** The append-only entitlement ledger (0011): one row per purchase, grant, voucher, trial, consumption, refund. */
export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  account: LedgerAccount;
  kind: LedgerKind;
  source_key: string;
  seconds: number;
  allowance_seconds: Generated<number>;
  usage: UsageKind | null;
  usage_day: string | null;
  expires_at: string | null;
  package_id: string | null;
  record_id: string | null;
  note: string | null;
  created_at: string;
}

/** Each user's number of ledger rows, kept by triggers (0026_ledger_counts): the version of their rows. */
export interface LedgerCountsTable {
  user_id: string;
  total: number;
}

/** The entitlements tables as the Database names them (server/src/db/schema.ts composes them). */
export interface EntitlementsTables {
  vouchers: VouchersTable;
  entitlements: EntitlementsTable;
  packages: PackagesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_counts: LedgerCountsTable;
}

export type VoucherRow = Selectable<VouchersTable>;
export type EntitlementRow = Selectable<EntitlementsTable>;
export type PackageRow = Selectable<PackagesTable>;
export type LedgerRow = Selectable<LedgerEntriesTable>;
