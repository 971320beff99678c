import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface RestoreBannerProps {
  /** The interrupted file's name, when there is one; otherwise the banner offers the settings. */
  fileName: string | null;
  onRestore(): void;
  onDismiss(): void;
}

export function RestoreBanner({ fileName, onRestore, onDismiss }: RestoreBannerProps) {
  const { t } = useTranslation('uploadDialog');
  return (
    <Box bg="blue.50" borderWidth="1px" borderColor="blue.200" rounded="md" px="4" py="3" mb="3" data-testid="restore-banner">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontSize="sm" color="blue.900">
          {fileName ? `${t('restoreBanner')} (${fileName})` : t('restoreBannerSettings')}
        </Text>
        <HStack gap="2">
          <Button size="xs" variant="ghost" onClick={onDismiss} data-testid="restore-dismiss">
            {t('dismiss')}
          </Button>
          <Button size="xs" colorPalette="brand" onClick={onRestore} data-testid="restore-accept">
            {t('restore')}
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
