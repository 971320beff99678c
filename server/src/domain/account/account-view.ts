// Account blocks and feature permissions of a user. No purchase exists before the payment issue,
// so every block says 'Not activated' with a 'Buy' action; nothing here invents balances.
import type { ServerT } from '../../i18n';

const ACCOUNT_KINDS = ['vipMember', 'duration', 'smartDubbing', 'svipMember'] as const;

export function accountBlocks(t: ServerT) {
  return Object.fromEntries(
    ACCOUNT_KINDS.map((kind) => [
      kind,
      { accountTypeName: t(`account.${kind}`), remarkString: t('account.notActivated'), operationString: t('account.buy') },
    ]),
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
