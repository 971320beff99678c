// Account blocks and feature permissions of a user. A block shows what the user's ledger holds
// (vouchers, grants, the trial, purchases): the end of a running membership or
// the hours left in a pack, with 'Renew'; otherwise 'Not activated' with 'Buy'. Nothing is invented.
import type { ServerT } from '../../i18n';
import type { Holding, Holdings } from './entitlements';
import { TIER_RULES, type Tier, type TierRule } from '../entitlements/tier-rules';

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

/** What queryUserFunctionJudge answers for a tier: read from the one tier table. */
export function permissionsOf(rule: TierRule, account: { tier: Tier; billing: boolean }) {
  return {
    recognitionCount: rule.recognitionLanguages,
    translateCount: rule.interpretationLanguages,
    proprietaryWords: rule.features.vocabulary && rule.features.wordReplacement,
    translateGlossary: rule.features.terms,
    sensitiveWords: rule.features.sensitiveWords,
    inviteMeeting: rule.features.invitations,
    screenCasting: rule.features.screenCasting,
    tier: account.tier,
    billing: account.billing,
  };
}

/** Defaults of features §3 (Account permissions defaults): what a user with nothing holds. */
export const DEFAULT_PERMISSIONS = permissionsOf(TIER_RULES.none, { tier: 'none', billing: true });
