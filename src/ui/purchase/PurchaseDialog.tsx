// The purchase dialog (features §2): 1210 px, closed only by its close button (hidden when opened
// from the browser plugin's media page), the user's avatar, name and balances, customer service,
// the pay panel, the equity summary (folded, below it) and a shortcut to the bills page. At
// 1440×900 the tabs, packages, methods, QR and price are all in view on opening.
import { Avatar, Box, Button, HStack, Image, Link, Menu, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_DIALOG_WIDTH_PX } from '../../shared/contract/limits';
import { DialogFrame } from '../common/DialogFrame';
import { EquitySummary } from './EquitySummary';
import { PayPanel, type PayPanelProps } from './PayPanel';

export interface BalanceView {
  kind: string;
  label: string;
  accountTypeName?: string | undefined;
  remarkString?: string | undefined;
}

export interface CustomerServiceView {
  qrDataUrl: string | null;
  mail: string;
  helpUrl: string;
}

export interface PurchaseDialogProps {
  open: boolean;
  hideClose: boolean;
  user: { name: string; avatar?: string | null } | null;
  balances: BalanceView[];
  customerService: CustomerServiceView;
  rightsPictureUrl: string | null;
  /** The server's payments are the sandbox: said in the top row, so nobody thinks money moved. */
  sandbox?: boolean;
  /** The pay panel once the payment runs; null while its code loads. */
  panel: PayPanelProps | null;
  onClose(): void;
  onAccount(): void;
}

export function PurchaseDialog(props: PurchaseDialogProps) {
  const { t } = useTranslation('purchase');
  return (
    <DialogFrame
      open={props.open}
      title={t('title')}
      testId="purchase-dialog"
      onClose={props.onClose}
      widthPx={PURCHASE_DIALOG_WIDTH_PX}
      keepOnOutsideClick
      keepOnEscape
      withoutCloseButton={props.hideClose}
      bodyPaddingBottom="8"
      contentProps={{ 'data-tab': props.panel?.tab }}
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="3">
            {props.user ? (
              <>
                <Avatar.Root size="sm" colorPalette="brand">
                  <Avatar.Fallback name={props.user.name} />
                  {props.user.avatar ? <Avatar.Image src={props.user.avatar} /> : null}
                </Avatar.Root>
                <Text fontWeight="semibold" data-testid="purchase-user-name">
                  {props.user.name}
                </Text>
              </>
            ) : null}
            <BalanceMenu balances={props.balances} />
          </HStack>
          <HStack gap="2">
            {/* In the top row, so the QR stays where it was at 1440×900. */}
            {props.sandbox ? (
              <Text role="status" fontSize="sm" fontWeight="semibold" data-testid="purchase-sandbox-notice">
                {t('sandboxNotice')}
              </Text>
            ) : null}
            <CustomerServicePopover {...props.customerService} />
            <Button size="sm" variant="outline" onClick={props.onAccount} data-testid="purchase-account-link">
              {t('myAccount')}
            </Button>
          </HStack>
        </HStack>
        {props.panel ? <PayPanel {...props.panel} /> : <PayPanel {...LOADING_PANEL} />}
        <EquitySummary rightsPictureUrl={props.rightsPictureUrl} />
      </Stack>
    </DialogFrame>
  );
}

const LOADING_PANEL: PayPanelProps = {
  stage: 'loading',
  categories: [],
  tab: 0,
  packageId: null,
  method: 'wxV3Pay',
  qrDataUrl: null,
  approvalUrl: null,
  paypalInNewWindow: false,
  error: null,
  onTab: () => undefined,
  onPackage: () => undefined,
  onMethod: () => undefined,
  onRetry: () => undefined,
};

function BalanceMenu({ balances }: { balances: BalanceView[] }) {
  const { t } = useTranslation('purchase');
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" data-testid="purchase-balance-trigger">
          {t('balance')} ▾
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" data-testid="purchase-balances">
            {balances.map((balance) => (
              <Menu.Item key={balance.kind} value={balance.kind} closeOnSelect={false}>
                <Box>
                  <Text fontWeight="semibold">{balance.label}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {balance.remarkString || balance.accountTypeName || t('noBalance')}
                  </Text>
                </Box>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function CustomerServicePopover({ qrDataUrl, mail, helpUrl }: CustomerServiceView) {
  const { t } = useTranslation('purchase');
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" data-testid="customer-service-trigger">
          {t('customerService')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="60" data-testid="customer-service">
            <Popover.Body>
              <Stack gap="2" align="center" textAlign="center">
                {qrDataUrl ? <Image src={qrDataUrl} alt={t('customerServiceQrAlt')} boxSize="32" /> : null}
                <Text fontSize="sm">{t('customerServiceScan')}</Text>
                <Text fontSize="sm">{t('customerServiceMail', { mail })}</Text>
                <Link href={helpUrl} target="_blank" rel="noopener noreferrer" fontSize="sm" color="brand.fg">
                  {t('helpCentre')}
                </Link>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
