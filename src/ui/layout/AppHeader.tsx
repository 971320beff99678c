import { Box, Button, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/contract/limits';
import { AvatarMenu, type AccountBlockView, type AccountKind, type AvatarMenuAction } from './AvatarMenu';
import { FreeTimeQrPopover } from './FreeTimeQrPopover';
import { LanguagePicker } from './LanguagePicker';
import { NewMenu, type NewMenuChoice } from './NewMenu';

export interface HeaderUser {
  name: string;
  avatar?: string | null;
}

export interface AppHeaderProps {
  locale: Locale;
  user: HeaderUser | null;
  accounts: Partial<Record<AccountKind, AccountBlockView>> | null;
  freeTimeQrDataUrl: string | null;
  /** The free-time popover opened: its QR code is drawn from then on. */
  onFreeTimeOpen?: () => void;
  isMobile: boolean;
  /** Shown as a menu button on mobile when the layout has a navigation drawer. */
  onOpenNav?: () => void;
  onHome(): void;
  onLocaleChange(locale: Locale): void;
  onVoucher(): void;
  /** Absent under BILLING=off: the purchase button and the avatar menu's buy items are hidden. */
  onPurchase?: () => void;
  onLogin(): void;
  onAvatarAction(action: AvatarMenuAction): void;
  onBuy?: (kind: AccountKind) => void;
  onNew(choice: NewMenuChoice): void;
  /** Today's usage, shown in the avatar menu; read again each time the menu opens. */
  avatarMenuUsage?: ReactNode;
  onAvatarMenuOpen?: () => void;
}

export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation('nav');
  const size = props.isMobile ? 'xs' : 'sm';
  return (
    <HStack as="header" h="14" px={{ base: '2', md: '4' }} gap={{ base: '1', md: '2' }} borderBottomWidth="1px" bg="bg/80" backdropFilter="blur(6px)">
      {props.isMobile && props.onOpenNav && (
        <IconButton size="sm" variant="ghost" aria-label={t('openMenu')} data-testid="mobile-nav-trigger" onClick={props.onOpenNav}>
          <Text as="span" fontSize="lg" aria-hidden>
            ☰
          </Text>
        </IconButton>
      )}
      {/* On a phone the drawer's trigger takes its place; a layout without a drawer keeps the way home. */}
      {(!props.isMobile || !props.onOpenNav) && (
        <Button variant="plain" px="0" fontWeight="bold" color="brand.fg" fontSize="lg" data-testid="brand-home" onClick={props.onHome}>
          {t('common:appName')}
        </Button>
      )}
      <Box flex="1" />
      <NewMenu size={size} onChoose={props.onNew} />
      {!props.isMobile && <FreeTimeQrPopover qrDataUrl={props.freeTimeQrDataUrl} {...(props.onFreeTimeOpen ? { onOpen: props.onFreeTimeOpen } : {})} />}
      {props.isMobile ? (
        <MobileMoreMenu onVoucher={props.onVoucher} {...(props.onPurchase ? { onPurchase: props.onPurchase } : {})} />
      ) : (
        <>
          <Button size="sm" variant="ghost" data-testid="voucher-button" onClick={props.onVoucher}>
            {t('voucher')}
          </Button>
          {props.onPurchase && (
            <Button size="sm" variant="outline" colorPalette="brand" data-testid="purchase-button" onClick={props.onPurchase}>
              {t('purchase')}
            </Button>
          )}
        </>
      )}
      <LanguagePicker size={size} locale={props.locale} onChange={props.onLocaleChange} />
      {props.user ? (
        <AvatarMenu
          name={props.user.name}
          avatarUrl={props.user.avatar}
          accounts={props.accounts}
          onAction={props.onAvatarAction}
          {...(props.onBuy ? { onBuy: props.onBuy } : {})}
          {...(props.avatarMenuUsage ? { usage: props.avatarMenuUsage } : {})}
          {...(props.onAvatarMenuOpen ? { onOpen: props.onAvatarMenuOpen } : {})}
        />
      ) : (
        <Button size={size} colorPalette="brand" variant="solid" data-testid="login-register-button" onClick={props.onLogin}>
          {t('loginRegister')}
        </Button>
      )}
    </HStack>
  );
}

/** On narrow screens the voucher and purchase buttons fold into one menu so the header fits. */
function MobileMoreMenu({ onVoucher, onPurchase }: { onVoucher(): void; onPurchase?: () => void }) {
  const { t } = useTranslation('nav');
  return (
    <Menu.Root onSelect={(details) => (details.value === 'voucher' ? onVoucher() : onPurchase?.())}>
      <Menu.Trigger asChild>
        <IconButton size="sm" variant="ghost" aria-label={t('more')} data-testid="mobile-more-trigger">
          <Text as="span" aria-hidden>
            ⋯
          </Text>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="voucher" data-testid="voucher-button">
              {t('voucher')}
            </Menu.Item>
            {onPurchase && (
              <Menu.Item value="purchase" data-testid="purchase-button">
                {t('purchase')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
