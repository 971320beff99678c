import { Box, Button, Card, Field, Heading, HStack, Image, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { INVITE_EXPIRY_CHOICES, type InviteExpiry } from '../../shared/contract/limits';

/** What the host sees of the invitation (the meetingInvite machine's InviteStatus). */
export type InvitePanelStatus = 'unavailable' | 'none' | 'open' | 'closed' | 'expired';

export interface InvitePanelProps {
  status: InvitePanelStatus;
  link: string | null;
  qrDataUrl: string | null;
  expiry: InviteExpiry;
  /** When the invitation stops admitting (ISO; null: at the meeting's end). */
  expireTime: string | null;
  busy: boolean;
  copied: boolean;
  onOpenChange(open: boolean): void;
  onExpiry(expiry: InviteExpiry): void;
  onCopy(): void;
  onRenew(): void;
}

/**
 * Invite participants (SVIP): the invitation link and its QR code, how long it admits, copy, a new
 * link, and its own open/closed switch. Without the right to invite, the controls are shown
 * disabled with the reason.
 */
export function InvitePanel(props: InvitePanelProps) {
  const { t, i18n } = useTranslation('meetings');
  const unavailable = props.status === 'unavailable';
  const hasLink = props.link !== null && props.status !== 'none';
  const until = props.expireTime ? new Date(props.expireTime).toLocaleString(i18n.language) : null;
  return (
    <Card.Root data-testid="invite-panel" data-status={props.status}>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="sm">{t('inviteTitle')}</Heading>
          {unavailable && (
            <Text fontSize="sm" color="fg.muted" data-testid="invite-unavailable">{t('inviteUnavailableReason')}</Text>
          )}
          <Switch.Root
            checked={props.status === 'open'}
            disabled={unavailable || props.busy}
            onCheckedChange={(details) => props.onOpenChange(details.checked)}
            data-testid="invite-toggle"
          >
            <Switch.HiddenInput data-testid="invite-toggle-input" />
            <Switch.Control />
            <Switch.Label>{t(`inviteStatus_${props.status}`)}</Switch.Label>
          </Switch.Root>
          <Field.Root disabled={unavailable || props.busy}>
            <Field.Label>{t('inviteExpiry')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={props.expiry} onChange={(e) => props.onExpiry(e.currentTarget.value as InviteExpiry)} data-testid="invite-expiry">
                {INVITE_EXPIRY_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>{t(`inviteExpiry_${choice}`)}</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {hasLink && !unavailable && (
            <>
              <HStack>
                <Input readOnly value={props.link ?? ''} size="sm" data-testid="invite-link" aria-label={t('inviteLink')} />
                <Button size="sm" onClick={props.onCopy} data-testid="invite-copy">
                  {props.copied ? t('copied') : t('copy')}
                </Button>
              </HStack>
              {props.status === 'open' && (
                <Text fontSize="xs" color="fg.muted" data-testid="invite-expires">
                  {until ? t('inviteOpenUntil', { time: until }) : t('inviteOpenUntilEnd')}
                </Text>
              )}
              {props.qrDataUrl && props.status === 'open' && (
                <Box alignSelf="center">
                  <Image src={props.qrDataUrl} alt={t('inviteQr')} w="40" h="40" data-testid="invite-qr" />
                </Box>
              )}
              <Button size="xs" variant="ghost" alignSelf="start" disabled={props.busy} onClick={props.onRenew} data-testid="invite-renew">
                {t('inviteRenew')}
              </Button>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
