// The purchase categories as the purchase dialog reads them (features §3 Purchase category): one
// per package type, its benefit lines (7 SVIP, 5 VIP, 4 duration, 5 dubbing; features §9) in the
// caller's language, and its packages. Categories come in type order, so the dialog's tab 2 (the
// one entitlement refusals open) is the duration pack.
import type { components } from '../../../../src/api/schema';
import type { PackageRow, PackageType } from '../../db/schema';
import { ACCOUNT_KIND_OF, isMembership } from '../vouchers/package-types';

type Category = components['schemas']['PurchaseCategory'];
type Package = components['schemas']['Package'];
type Translate = (key: string, params?: Record<string, unknown>) => unknown;

const CATEGORY_ORDER: readonly PackageType[] = ['1', '2', '3', '5'];
/** Live interpreting is what the meeting pages sell: dubbing is not offered there. */
export const MEETING_PACKAGE_TYPES: readonly PackageType[] = ['1', '2', '3'];

export function benefitLines(t: Translate, type: PackageType): string[] {
  const lines = t(`billing:benefits.${type}`, { returnObjects: true });
  return Array.isArray(lines) ? lines.map(String) : [];
}

export function periodText(t: Translate, period: number, unit: number): string {
  return String(t(`billing:period.${unit}`, { count: period }));
}

export function packageName(t: Translate, row: PackageRow): string {
  if (row.package_name) return row.package_name;
  const type = String(t(`account.${ACCOUNT_KIND_OF[row.package_type]}`));
  return isMembership(row.package_type)
    ? String(t('billing:membershipName', { type, period: periodText(t, row.valid_period, row.valid_period_unit) }))
    : String(t('billing:packName', { type, count: row.hours ?? 0 }));
}

function packageView(t: Translate, row: PackageRow): Package {
  const rights = benefitLines(t, row.package_type);
  if (!isMembership(row.package_type)) rights.push(String(t('billing:validFor', { period: periodText(t, row.valid_period, row.valid_period_unit) })));
  return {
    id: row.id,
    packageName: packageName(t, row),
    price: row.price_fen / 100,
    orgPrice: row.org_price_fen === null ? null : row.org_price_fen / 100,
    validPeriod: row.valid_period,
    validPeriodUnit: row.valid_period_unit as 1 | 2 | 3,
    rights,
  };
}

export function purchaseCategories(t: Translate, rows: readonly PackageRow[], types: readonly PackageType[] = CATEGORY_ORDER): Category[] {
  return CATEGORY_ORDER.filter((type) => types.includes(type)).map((type) => ({
    packageType: Number(type) as Category['packageType'],
    desc: benefitLines(t, type).join('\n'),
    remark: String(t(`billing:remark.${type}`)),
    packageList: rows.filter((row) => row.package_type === type && !row.disabled).map((row) => packageView(t, row)),
  }));
}
