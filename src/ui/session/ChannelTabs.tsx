// E-mail or phone: only the triggers, the page renders the one active form (no hidden duplicates).
import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type ContactChannel = 'email' | 'phone';

export interface ChannelTabsProps {
  channel: ContactChannel;
  onChange(channel: ContactChannel): void;
  testIdPrefix: string;
}

export function ChannelTabs({ channel, onChange, testIdPrefix }: ChannelTabsProps) {
  const { t } = useTranslation('auth');
  return (
    <Tabs.Root
      value={channel}
      onValueChange={(details) => onChange(details.value === 'phone' ? 'phone' : 'email')}
      variant="subtle"
      size="sm"
    >
      <Tabs.List>
        <Tabs.Trigger value="email" data-testid={`${testIdPrefix}-channel-email`}>
          {t('tabs.email')}
        </Tabs.Trigger>
        <Tabs.Trigger value="phone" data-testid={`${testIdPrefix}-channel-phone`}>
          {t('tabs.phone')}
        </Tabs.Trigger>
      </Tabs.List>
    </Tabs.Root>
  );
}
