// Account blocks and feature permissions of a user. A block shows what the user's entitlements
// hold (a redeemed voucher today, orders once payment exists): the end of a running membership or
// the hours left in a pack, with 'Renew'; otherwise 'Not activated' with 'Buy'. Nothing is invented.
import type { ServerT } from '../../i18n';
import type { Holding, Holdings } from './entitlements';

const ACCOUNT_KINDS = ['vipMember', 'duration', 'smartDubbing', 'svipMember'] as const;

const SECONDS_PER_HOUR = 3_600;

function remarkOf(t: ServerT, holding: Holding): string {
  const translate = t as unknown as (key: string, params: Record<string, unknown>) => string;
  if (holding.kind === 'membership') return translate('vouchers:validUntil', { date: holding.validUntil.toISOString().slice(0, 10) });
  // One decimal, rounded down: a block never shows more time than is left.
  return translate('vouchers:hoursLeft', { count: Math.floor((holding.secondsLeft / SECONDS_PER_HOUR) * 10) / 10 });
}

export function accountBlocks(t: ServerT, holdings: Holdings = {}) {
  return Object.fromEntries(
    ACCOUNT_KINDS.map((kind) => {
      const holding = holdings[kind];
      return [
        kind,
        holding
          ? { accountTypeName: t(`account.${kind}`), remarkString: remarkOf(t, holding), operationString: (t as unknown as (key: string) => string)('vouchers:renew') }
          : { accountTypeName: t(`account.${kind}`), remarkString: t('account.notActivated'), operationString: t('account.buy') },
      ];
    }),
  ) as Record<(typeof ACCOUNT_KINDS)[number], { accountTypeName: string; remarkString: string; operationString: string }>;
}

/** Defaults of features §3 (Account permissions defaults); tiers raise them in a later issue. */
export const DEFAULT_PERMISSIONS = {
  recognitionCount: 2,
  translateCount: 2,
  proprietaryWords: false,
  translateGlossary: false,
  sensitiveWords: false,
  inviteMeeting: false,
  screenCasting: false,
} as const;
