import { DataList, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ProfileSummaryProps {
  user: { name: string; nickname?: string | null; email?: string | null; phone?: string | null } | null;
}

export function ProfileSummary({ user }: ProfileSummaryProps) {
  const { t } = useTranslation('pages');
  if (!user) return <Text color="fg.muted">{t('signInToSee')}</Text>;
  const rows = [
    { key: 'name', label: t('profileName'), value: user.nickname || user.name },
    { key: 'email', label: t('profileEmail'), value: user.email },
    { key: 'phone', label: t('profilePhone'), value: user.phone },
  ];
  return (
    <DataList.Root orientation="horizontal" data-testid="profile-summary">
      {rows.map((row) => (
        <DataList.Item key={row.key}>
          <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue data-testid={`profile-${row.key}`}>{row.value || t('profileNotSet')}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
