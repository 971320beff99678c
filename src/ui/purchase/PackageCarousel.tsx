// The packages of one category, 4 per view; the arrows slide one package in 300 ms (features §9).
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { motion } from 'framer-motion';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PACKAGE_CAROUSEL_PER_VIEW, PACKAGE_CAROUSEL_SLIDE_MS } from '../../shared/contract/limits';
import { formatYuan, type PackageView } from './pay-view-types';

export interface PackageCarouselProps {
  packages: PackageView[];
  selectedId: string | null;
  disabled: boolean;
  onChoose(packageId: string): void;
}

const VALIDITY_KEY: Record<number, string> = { 1: 'validityYear', 2: 'validityMonth', 3: 'validityDay' };

export function PackageCarousel({ packages, selectedId, disabled, onChoose }: PackageCarouselProps) {
  const { t } = useTranslation('purchase');
  const [first, setFirst] = useState(0);
  const lastFirst = Math.max(0, packages.length - PACKAGE_CAROUSEL_PER_VIEW);
  // A new category starts at its first package.
  useEffect(() => setFirst(0), [packages]);
  const slotPercent = 100 / PACKAGE_CAROUSEL_PER_VIEW;
  return (
    <HStack gap="2" align="stretch" data-testid="package-carousel">
      <IconButton aria-label={t('previous')} variant="ghost" size="sm" alignSelf="center" disabled={first === 0} onClick={() => setFirst(Math.max(0, first - 1))}>
        ‹
      </IconButton>
      <Box overflow="hidden" flex="1" role="group" aria-label={t('packages')}>
        <motion.div
          style={{ display: 'flex' }}
          animate={{ x: `-${first * slotPercent}%` }}
          transition={{ duration: PACKAGE_CAROUSEL_SLIDE_MS / 1000, ease: 'easeOut' }}
        >
          {packages.map((item) => {
            const selected = item.id === selectedId;
            return (
              <Box key={item.id} flex={`0 0 ${slotPercent}%`} p="1">
                <Button
                  variant="outline"
                  h="auto"
                  w="full"
                  p="3"
                  whiteSpace="normal"
                  borderWidth="2px"
                  borderColor={selected ? 'brand.solid' : 'border'}
                  bg={selected ? 'brand.subtle' : undefined}
                  aria-pressed={selected}
                  disabled={disabled && !selected}
                  data-testid={`package-${item.id}`}
                  onClick={() => onChoose(item.id)}
                >
                  <Stack gap="1" align="start" w="full" textAlign="start">
                    <Text fontWeight="semibold">{item.packageName}</Text>
                    <Text fontSize="2xl" fontWeight="bold" color="brand.fg">
                      {t('yuan', { amount: formatYuan(item.price) })}
                    </Text>
                    {item.orgPrice && item.orgPrice > item.price ? (
                      <Text fontSize="xs" color="fg.muted" textDecoration="line-through">
                        {t('originalPrice', { amount: formatYuan(item.orgPrice) })}
                      </Text>
                    ) : null}
                    <Text fontSize="xs" color="fg.muted">
                      {t(VALIDITY_KEY[item.validPeriodUnit] ?? 'validityDay', { count: item.validPeriod })}
                    </Text>
                    {(item.rights ?? []).map((right) => (
                      <Text key={right} fontSize="xs">
                        · {right}
                      </Text>
                    ))}
                  </Stack>
                </Button>
              </Box>
            );
          })}
        </motion.div>
      </Box>
      <IconButton aria-label={t('next')} variant="ghost" size="sm" alignSelf="center" disabled={first >= lastFirst} onClick={() => setFirst(Math.min(lastFirst, first + 1))}>
        ›
      </IconButton>
    </HStack>
  );
}
