// The choosing and paying part shared by the purchase dialog and the pay pages: category tabs, the
// package carousel, payment methods, the code to pay with, the price in yuan and the instructions.
// Every choice is an event; while a QR loads the machine ignores them, and the view says so by
// disabling what would be ignored.
import { Box, Button, Center, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { benefitLinesOf, CategoryTabs } from './CategoryTabs';
import { PackageCarousel } from './PackageCarousel';
import { PaymentCode } from './PaymentCode';
import { formatYuan, PAY_METHODS, type CategoryView, type PayMethod, type PayStageView, type ShownText } from './pay-view-types';

export interface PayPanelProps {
  stage: PayStageView;
  categories: CategoryView[];
  tab: number;
  packageId: string | null;
  method: PayMethod;
  qrDataUrl: string | null;
  approvalUrl: string | null;
  paypalInNewWindow: boolean;
  error: ShownText | null;
  onTab(tab: number): void;
  onPackage(packageId: string): void;
  onMethod(method: PayMethod): void;
  onRetry(): void;
}

export function PayPanel(props: PayPanelProps) {
  const { t } = useTranslation('purchase');
  const { stage } = props;
  if (stage === 'loading') {
    return (
      <Center py="10" gap="2" data-testid="pay-panel" data-stage={stage}>
        <Spinner color="brand.solid" />
        <Text color="fg.muted">{t('loadingPackages')}</Text>
      </Center>
    );
  }
  if (stage === 'loadFailed' || stage === 'nothingOffered') {
    const text = stage === 'nothingOffered' ? t('nothingOffered') : (props.error?.message ?? t(props.error?.messageKey ?? 'catalogueFailed'));
    return (
      <Stack py="8" align="center" gap="3" data-testid="pay-panel" data-stage={stage}>
        <Text role="alert">{text}</Text>
        <Button size="sm" onClick={props.onRetry} data-testid="pay-panel-retry">
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  return <ChoosingPanel {...props} />;
}

/** The tabs, packages, methods, code and price: laid out to fit 1440×900 without scrolling. */
function ChoosingPanel(props: PayPanelProps) {
  const { t } = useTranslation('purchase');
  const { stage, categories, tab } = props;
  const busy = stage === 'fetchingQr';
  const category = categories[tab];
  const chosen = category?.packageList.find((item) => item.id === props.packageId) ?? null;
  const codeRef = useRef<HTMLDivElement>(null);
  // A choice made further up (a phone shows one column) brings its new code into view once it is
  // there; opening the panel scrolls nothing.
  const choiceMade = useRef(false);
  useEffect(() => {
    if (!choiceMade.current || stage === 'fetchingQr') return;
    choiceMade.current = false;
    codeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [stage, props.qrDataUrl, props.approvalUrl]);
  const choose = <T,>(send: (value: T) => void) => (value: T) => {
    choiceMade.current = true;
    send(value);
  };
  return (
    <Stack gap="3" data-testid="pay-panel" data-stage={stage} aria-busy={busy}>
      <CategoryTabs categories={categories} tab={tab} busy={busy} onTab={choose(props.onTab)} />
      <PackageCarousel
        packages={category?.packageList ?? []}
        sharedLines={category ? benefitLinesOf(category) : []}
        selectedId={props.packageId}
        disabled={busy}
        onChoose={choose(props.onPackage)}
      />
      <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'start' }} gap={{ base: '3', md: '6' }}>
        <Stack gap="2">
          <Text fontWeight="semibold" id="pay-methods-label">
            {t('methods')}
          </Text>
          <HStack gap="2" role="radiogroup" aria-labelledby="pay-methods-label" wrap="wrap">
            {PAY_METHODS.map((method) => (
              <Button
                key={method}
                size="sm"
                role="radio"
                aria-checked={method === props.method}
                variant={method === props.method ? 'solid' : 'outline'}
                colorPalette="brand"
                disabled={busy && method !== props.method}
                data-testid={`pay-method-${method}`}
                onClick={() => choose(props.onMethod)(method)}
              >
                {t(`method_${method}`)}
              </Button>
            ))}
          </HStack>
          <Text mt={{ base: '1', md: '3' }} fontWeight="semibold">
            {t('amountDue')}
          </Text>
          <Text fontSize="3xl" fontWeight="bold" color="brand.fg" data-testid="pay-price">
            {chosen ? t('yuan', { amount: formatYuan(chosen.price) }) : '—'}
          </Text>
        </Stack>
        <Box ref={codeRef} alignSelf={{ base: 'center', md: 'start' }}>
          <PaymentCode
            stage={stage}
            method={props.method}
            qrDataUrl={props.qrDataUrl}
            approvalUrl={props.approvalUrl}
            paypalInNewWindow={props.paypalInNewWindow}
            error={props.error}
            onRetry={props.onRetry}
          />
        </Box>
        <Box flex="1" minW="56">
          <Text fontWeight="semibold">{t('instructionsTitle')}</Text>
          <Stack as="ol" gap="1" ps="4" fontSize="sm" color="fg.muted" listStyleType="decimal">
            <li>{t('instruction1')}</li>
            <li>{t('instruction2')}</li>
            <li>{t('instruction3')}</li>
          </Stack>
        </Box>
      </Flex>
    </Stack>
  );
}
