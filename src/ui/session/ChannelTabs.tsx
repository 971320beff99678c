// E-mail or phone: only the tabs, the page renders the one active form (no hidden duplicates).
import { useTranslation } from 'react-i18next';
import { TabSwitch } from '../common/TabSwitch';

export type ContactChannel = 'email' | 'phone';

export interface ChannelTabsProps {
  channel: ContactChannel;
  onChange(channel: ContactChannel): void;
  testIdPrefix: string;
}

export function ChannelTabs({ channel, onChange, testIdPrefix }: ChannelTabsProps) {
  const { t } = useTranslation('auth');
  return (
    <TabSwitch
      value={channel}
      onChange={onChange}
      label={t('tabs.channel')}
      idPrefix={`${testIdPrefix}-channel`}
      size="sm"
      options={[
        { value: 'email', label: t('tabs.email'), testId: `${testIdPrefix}-channel-email` },
        { value: 'phone', label: t('tabs.phone'), testId: `${testIdPrefix}-channel-phone` },
      ]}
    />
  );
}
