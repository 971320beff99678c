import { Avatar, Box, Button, HStack, Menu, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AccountKind = 'vipMember' | 'duration' | 'smartDubbing' | 'svipMember';

export interface AccountBlockView {
  accountTypeName?: string;
  remarkString?: string;
  operationString?: string;
}

export type AvatarMenuAction = 'profile' | 'bills' | 'myQrCode' | 'logout';

export interface AvatarMenuProps {
  name: string;
  avatarUrl?: string | null;
  accounts: Partial<Record<AccountKind, AccountBlockView>> | null;
  onAction(action: AvatarMenuAction): void;
  /** Absent under BILLING=off: the blocks show balances without a buy item. */
  onBuy?: (kind: AccountKind) => void;
  /** Today's usage against the daily caps, drawn under the account blocks (the shell composes it). */
  usage?: ReactNode;
  /** The menu opened: the shell reads today's usage again. */
  onOpen?: () => void;
}

const ACCOUNT_ORDER: { kind: AccountKind; labelKey: string }[] = [
  { kind: 'vipMember', labelKey: 'accountVip' },
  { kind: 'duration', labelKey: 'accountDuration' },
  { kind: 'smartDubbing', labelKey: 'accountDubbing' },
  { kind: 'svipMember', labelKey: 'accountSvip' },
];

export function AvatarMenu({ name, avatarUrl, accounts, onAction, onBuy, usage, onOpen }: AvatarMenuProps) {
  const { t } = useTranslation('nav');
  return (
    <Menu.Root
      {...(onOpen ? { onOpenChange: (details: { open: boolean }) => details.open && onOpen() } : {})}
      onSelect={(details) => {
        if (details.value.startsWith('buy:')) onBuy?.(details.value.slice(4) as AccountKind);
        else onAction(details.value as AvatarMenuAction);
      }}
    >
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" px="1" data-testid="avatar-menu-trigger">
          {/* The button is named by its visible text (the user's name, which an aria-label would hide:
              axe label-content-name-mismatch) plus what it opens; the initials only repeat the name. */}
          <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
            <Avatar.Fallback name={name} />
            {avatarUrl ? <Avatar.Image src={avatarUrl} /> : null}
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', md: 'inline' }} maxW="32" truncate>
            {name}
          </Text>
          <VisuallyHidden>{t('avatarMenu')}</VisuallyHidden>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="72" data-testid="avatar-menu">
            <Stack gap="2" p="2">
              {ACCOUNT_ORDER.map(({ kind, labelKey }) => {
                const block = accounts?.[kind];
                return (
                  <HStack key={kind} justify="space-between" align="start" borderWidth="1px" borderRadius="md" p="2" data-testid={`account-block-${kind}`}>
                    <Box minW="0">
                      <Text fontSize="sm" fontWeight="semibold">
                        {block?.accountTypeName || t(labelKey)}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {block?.remarkString || t('accountNone')}
                      </Text>
                    </Box>
                    {onBuy && (
                      <Menu.Item value={`buy:${kind}`} width="auto" flexShrink={0} color="brand.fg" fontSize="xs">
                        {block?.operationString || (block?.remarkString ? t('renew') : t('buy'))}
                      </Menu.Item>
                    )}
                  </HStack>
                );
              })}
              {usage ? (
                <Box borderWidth="1px" borderRadius="md" p="2">
                  {usage}
                </Box>
              ) : null}
            </Stack>
            <Menu.Separator />
            <Menu.Item value="profile">{t('profile')}</Menu.Item>
            <Menu.Item value="bills">{t('bills')}</Menu.Item>
            <Menu.Item value="myQrCode" data-testid="avatar-menu-my-qr">
              {t('myQrCode')}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" data-testid="avatar-menu-logout">
              {t('logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
