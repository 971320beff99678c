// The package catalogue: what can be bought, at what price, for how long. Operators manage it with
// `npm run admin -- package add|list|edit|disable`; a disabled package is never offered or sold.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, PackageRow, PackageType } from '../../db/schema';
import { isMembership, isPackageType } from '../vouchers/package-types';

/** Upper bounds that keep a typo from selling a century or a million yuan. */
export const PACKAGE_MAX_PRICE_FEN = 100_000_000;
export const PACKAGE_MAX_PERIOD = { 1: 10, 2: 120, 3: 3_660 } as const;
export const PACKAGE_MAX_HOURS = 10_000;
export const PACKAGE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const PACKAGE_NAME_MAX = 64;

export interface PackageInput {
  id?: string;
  packageType?: string;
  name?: string | null;
  /** Yuan as typed, up to two decimals. */
  price?: string;
  orgPrice?: string | null;
  /** e.g. 1y, 3m, 30d */
  validity?: string;
  hours?: string | null;
}

export type PackageProblem =
  | 'invalidId'
  | 'invalidPackageType'
  | 'invalidPrice'
  | 'invalidValidity'
  | 'invalidHours'
  | 'hoursNotForMembership'
  | 'invalidName'
  | 'duplicate'
  | 'notFound';

export type PackageOutcome = { ok: true; row: PackageRow } | { ok: false; problem: PackageProblem };

export function parseYuan(value: string): number | null {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return null;
  const fen = Math.round(Number(value.trim()) * 100);
  return fen >= 0 && fen <= PACKAGE_MAX_PRICE_FEN ? fen : null;
}

export function parseValidity(value: string): { period: number; unit: 1 | 2 | 3 } | null {
  const match = /^(\d{1,4})([ymd])$/.exec(value.trim().toLowerCase());
  if (!match) return null;
  const unit = ({ y: 1, m: 2, d: 3 } as const)[match[2] as 'y' | 'm' | 'd'];
  const period = Number(match[1]);
  return period >= 1 && period <= PACKAGE_MAX_PERIOD[unit] ? { period, unit } : null;
}

function parseHours(value: string): number | null {
  if (!/^\d{1,5}$/.test(value.trim())) return null;
  const hours = Number(value.trim());
  return hours >= 1 && hours <= PACKAGE_MAX_HOURS ? hours : null;
}

/** The end of a period bought at `from` (calendar months and years, as people count them). */
export function periodEnd(from: Date, period: number, unit: number): Date {
  const end = new Date(from.getTime());
  if (unit === 1) end.setUTCFullYear(end.getUTCFullYear() + period);
  else if (unit === 2) end.setUTCMonth(end.getUTCMonth() + period);
  else end.setUTCDate(end.getUTCDate() + period);
  return end;
}

type Fields = Pick<PackageRow, 'package_type' | 'package_name' | 'price_fen' | 'org_price_fen' | 'valid_period' | 'valid_period_unit' | 'hours'>;

function validate(input: PackageInput, base: Fields | null): { ok: true; fields: Fields } | { ok: false; problem: PackageProblem } {
  const type = input.packageType ?? base?.package_type;
  if (!type || !isPackageType(type)) return { ok: false, problem: 'invalidPackageType' };
  const price = input.price !== undefined ? parseYuan(input.price) : (base?.price_fen ?? null);
  if (price === null) return { ok: false, problem: 'invalidPrice' };
  let orgPrice = base?.org_price_fen ?? null;
  if (input.orgPrice !== undefined) {
    orgPrice = input.orgPrice === null || input.orgPrice === '' ? null : parseYuan(input.orgPrice);
    if (input.orgPrice !== null && input.orgPrice !== '' && orgPrice === null) return { ok: false, problem: 'invalidPrice' };
  }
  const validity = input.validity !== undefined ? parseValidity(input.validity) : base ? { period: base.valid_period, unit: base.valid_period_unit as 1 | 2 | 3 } : null;
  if (!validity) return { ok: false, problem: 'invalidValidity' };
  let hours = base?.hours ?? null;
  if (input.hours !== undefined && input.hours !== null) {
    hours = parseHours(input.hours);
    if (hours === null) return { ok: false, problem: 'invalidHours' };
  }
  if (isMembership(type as PackageType) && hours !== null) return { ok: false, problem: 'hoursNotForMembership' };
  if (!isMembership(type as PackageType) && hours === null) return { ok: false, problem: 'invalidHours' };
  const name = input.name !== undefined ? (input.name?.trim() || null) : (base?.package_name ?? null);
  if (name !== null && (name.length > PACKAGE_NAME_MAX || /[\u0000-\u001f]/.test(name))) return { ok: false, problem: 'invalidName' };
  return {
    ok: true,
    fields: { package_type: type as PackageType, package_name: name, price_fen: price, org_price_fen: orgPrice, valid_period: validity.period, valid_period_unit: validity.unit, hours },
  };
}

export async function addPackage(db: Kysely<Database>, clock: Clock, input: PackageInput): Promise<PackageOutcome> {
  if (!input.id || !PACKAGE_ID_PATTERN.test(input.id)) return { ok: false, problem: 'invalidId' };
  const checked = validate(input, null);
  if (!checked.ok) return checked;
  const now = clock.now().toISOString();
  const last = await db.selectFrom('packages').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
  const row: PackageRow = { id: input.id, ...checked.fields, sort: Number(last?.sort ?? 0) + 1, disabled: 0, created_at: now, updated_at: now };
  const inserted = await db.insertInto('packages').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { ok: false, problem: 'duplicate' };
  return { ok: true, row };
}

export async function editPackage(db: Kysely<Database>, clock: Clock, id: string, input: PackageInput): Promise<PackageOutcome> {
  const current = await findPackage(db, id);
  if (!current) return { ok: false, problem: 'notFound' };
  const checked = validate(input, current);
  if (!checked.ok) return checked;
  await db.updateTable('packages').set({ ...checked.fields, updated_at: clock.now().toISOString() }).where('id', '=', id).execute();
  return { ok: true, row: (await findPackage(db, id))! };
}

export async function setPackageDisabled(db: Kysely<Database>, clock: Clock, id: string, disabled: boolean): Promise<PackageOutcome> {
  const updated = await db.updateTable('packages').set({ disabled: disabled ? 1 : 0, updated_at: clock.now().toISOString() }).where('id', '=', id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, problem: 'notFound' };
  return { ok: true, row: (await findPackage(db, id))! };
}

export async function findPackage(db: Kysely<Database>, id: string): Promise<PackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A package that may be sold now: present and not disabled. */
export async function sellablePackage(db: Kysely<Database>, id: string): Promise<PackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('id', '=', id).where('disabled', '=', 0).executeTakeFirst();
}

export async function listPackages(db: Kysely<Database>, options: { includeDisabled: boolean }): Promise<PackageRow[]> {
  let query = db.selectFrom('packages').selectAll();
  if (!options.includeDisabled) query = query.where('disabled', '=', 0);
  return query.orderBy('package_type').orderBy('sort').orderBy('id').execute();
}
