import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageFrameProps {
  title: string;
  /** Pages whose area arrives later say so in one honest line. */
  comingSoon?: boolean;
  children?: ReactNode;
}

export function PageFrame({ title, comingSoon = false, children }: PageFrameProps) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="3">
      <Heading as="h1" size="xl" data-testid="page-title">
        {title}
      </Heading>
      {comingSoon && (
        <Text color="fg.muted" data-testid="coming-soon">
          {t('comingSoon')}
        </Text>
      )}
      {children}
    </Stack>
  );
}
