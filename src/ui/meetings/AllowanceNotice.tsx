// What the host is told of the live interpreting time: used up (the meeting is paused; why, and a
// Buy button that opens the purchase dialog on the duration tab), paid (waiting for it to go on), or
// resumed. Renders the hostMeeting machine's selectAllowanceNotice.
import { Alert, Button, CloseButton, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The hostMeeting machine's selectAllowanceNotice, as shown. */
export type AllowanceNoticeView = { kind: 'none' } | { kind: 'usedUp'; code: number | null; paid: boolean } | { kind: 'resumed' };

/** 92505001: a membership's day is used up; otherwise the balance is (92505000). */
export const QUOTA_USED_UP_CODE = 92505001;

export interface AllowanceNoticeProps {
  notice: AllowanceNoticeView;
  /** False under BILLING=off (nothing is sold; the server never pauses for time then anyway). */
  purchasesOffered: boolean;
  onBuy(): void;
  onDismiss(): void;
}

export function AllowanceNotice({ notice, purchasesOffered, onBuy, onDismiss }: AllowanceNoticeProps) {
  const { t } = useTranslation(['meetings', 'billing']);
  if (notice.kind === 'none') return null;
  if (notice.kind === 'resumed') {
    return (
      <Alert.Root status="success" data-testid="allowance-resumed">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('meetings:allowanceResumed')}</Alert.Title>
        <CloseButton size="sm" aria-label={t('meetings:allowanceDismiss')} onClick={onDismiss} />
      </Alert.Root>
    );
  }
  const reason = notice.code === QUOTA_USED_UP_CODE ? t('billing:quotaUsedUp') : t('billing:insufficientBalance');
  return (
    <Alert.Root status="warning" data-testid="allowance-used-up" data-code={notice.code ?? undefined}>
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{t('meetings:allowanceUsedUpTitle')}</Alert.Title>
        <Alert.Description>{notice.paid ? t('meetings:allowancePaid') : reason}</Alert.Description>
        {!notice.paid && purchasesOffered && (
          <HStack>
            <Button size="sm" colorPalette="brand" onClick={onBuy} data-testid="allowance-buy">
              {t('meetings:allowanceBuy')}
            </Button>
          </HStack>
        )}
      </Stack>
    </Alert.Root>
  );
}
