// The packages of one category, 4 per view; the arrows slide one package in 300 ms (features §9).
// In the mobile layout (768 px or less) 2 per view, so a price still reads on a phone. A card holds
// the name, price and validity; the category's benefit lines are listed once under the tabs, so a
// card adds only its own lines beyond them (a pack's validity, say).
import { Box, Button, HStack, IconButton, Stack, Text, useMediaQuery } from '@chakra-ui/react';
import { motion } from 'framer-motion';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_MAX_WIDTH_PX, PACKAGE_CAROUSEL_PER_VIEW, PACKAGE_CAROUSEL_SLIDE_MS } from '../../shared/contract/limits';
import { formatYuan, type PackageView } from './pay-view-types';

export interface PackageCarouselProps {
  packages: PackageView[];
  /** The category's benefit lines, already shown under the tabs. */
  sharedLines?: readonly string[];
  selectedId: string | null;
  disabled: boolean;
  onChoose(packageId: string): void;
}

const VALIDITY_KEY: Record<number, string> = { 1: 'validityYear', 2: 'validityMonth', 3: 'validityDay' };

/** Packages side by side: the spec's 4, or 2 in the mobile layout. */
export function usePackagesPerView(): number {
  const [mobile] = useMediaQuery([`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`], { fallback: [false], ssr: false });
  return mobile ? MOBILE_PACKAGES_PER_VIEW : PACKAGE_CAROUSEL_PER_VIEW;
}
const MOBILE_PACKAGES_PER_VIEW = 2;

export function PackageCarousel({ packages, sharedLines = [], selectedId, disabled, onChoose }: PackageCarouselProps) {
  const { t } = useTranslation('purchase');
  const perView = usePackagesPerView();
  const [first, setFirst] = useState(0);
  const lastFirst = Math.max(0, packages.length - perView);
  // A new category starts at its first package.
  useEffect(() => setFirst(0), [packages]);
  const slotPercent = 100 / perView;
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
                  p="2.5"
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
                    <Text fontWeight="semibold" fontSize="sm">
                      {item.packageName}
                    </Text>
                    <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold" color="brand.fg">
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
                    {(item.rights ?? []).filter((right) => !sharedLines.includes(right)).map((right) => (
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
