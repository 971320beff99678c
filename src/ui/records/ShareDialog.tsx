import { Box, Button, chakra, CloseButton, Dialog, Input, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ShareDialogProps {
  open: boolean;
  recordName: string;
  shared: boolean;
  url: string | null;
  allowCopy: boolean;
  expiryDate: string;
  busy: boolean;
  linkCopied: boolean;
  errorText?: string | undefined;
  onAllowCopyChange(allowCopy: boolean): void;
  onExpiryChange(expiryDate: string): void;
  onCreate(): void;
  onUpdate(): void;
  onRevoke(): void;
  onCopyLink(): void;
  onClose(): void;
}

/** Read access by link, optional copies and expiry day, copy and revoke (features §7). */
export function ShareDialog(props: ShareDialogProps) {
  const { t } = useTranslation('records');
  return (
    <Dialog.Root open={props.open} placement="center" onOpenChange={(details) => !details.open && props.onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="share-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('shareTitle', { name: props.recordName })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              <Text fontSize="sm" color="fg.muted">
                {t('shareByLink')}
              </Text>
              <label style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <input
                  type="checkbox"
                  checked={props.allowCopy}
                  onChange={(event) => props.onAllowCopyChange(event.target.checked)}
                  data-testid="share-allow-copy"
                  style={{ width: 16, height: 16, accentColor: 'var(--chakra-colors-brand-500)' }}
                />
                <Text as="span">{t('allowCopy')}</Text>
              </label>
              <label>
                <Text fontSize="sm" mb="1">
                  {t('expiry')}
                </Text>
                <Input type="date" value={props.expiryDate} onChange={(event) => props.onExpiryChange(event.target.value)} data-testid="share-expiry" />
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {t('expiryHint')}
                </Text>
              </label>
              {props.shared && props.url && (
                <Box>
                  <chakra.label htmlFor="share-link-url" fontSize="sm" mb="1" display="block">
                    {t('shareLink')}
                  </chakra.label>
                  <Box display="flex" gap="2">
                    <Input id="share-link-url" readOnly value={props.url} onFocus={(event) => event.target.select()} data-testid="share-link" />
                    <Button onClick={props.onCopyLink} data-testid="share-copy-link">
                      {t('copyLink')}
                    </Button>
                  </Box>
                  {props.linkCopied && (
                    <Text fontSize="xs" color="fg.success" mt="1" role="status">
                      {t('linkCopied')}
                    </Text>
                  )}
                </Box>
              )}
              {props.errorText && (
                <Text role="alert" fontSize="sm" color="fg.error" data-testid="share-error">
                  {props.errorText}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {props.shared ? (
                <>
                  <Button variant="outline" colorPalette="red" loading={props.busy} onClick={props.onRevoke} data-testid="share-revoke">
                    {t('revoke')}
                  </Button>
                  <Button colorPalette="brand" loading={props.busy} onClick={props.onUpdate} data-testid="share-update">
                    {t('updateLink')}
                  </Button>
                </>
              ) : (
                <Button colorPalette="brand" loading={props.busy} onClick={props.onCreate} data-testid="share-create">
                  {t('createLink')}
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common:close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
