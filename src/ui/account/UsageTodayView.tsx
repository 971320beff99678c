// Today's live and upload time against the tier's daily caps, as the server counts them (issue 29
// item 3), with the time zone whose midnight resets the caps. Drawn in the avatar menu (compact) and
// on the personal centre.
import { Box, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface UsageCapShown {
  usedSeconds: number;
  capSeconds: number | null;
  leftSeconds: number | null;
}

export interface UsageTodayShown {
  timeZone: string;
  live: UsageCapShown;
  upload: UsageCapShown;
}

export interface UsageTodayViewProps {
  usage: UsageTodayShown | null;
  loading: boolean;
  failed: boolean;
  compact?: boolean;
}

function useDuration() {
  const { t } = useTranslation('accountData');
  return (seconds: number) => {
    const minutes = Math.floor(Math.max(0, seconds) / 60);
    const hours = Math.floor(minutes / 60);
    return hours > 0 ? t('hoursMinutes', { hours, minutes: minutes % 60 }) : t('minutesOnly', { minutes });
  };
}

function CapLine({ label, cap, testId }: { label: string; cap: UsageCapShown; testId: string }) {
  const { t } = useTranslation('accountData');
  const duration = useDuration();
  const used = duration(cap.usedSeconds);
  const text =
    cap.capSeconds === null
      ? t('usageUnlimited', { used })
      : cap.capSeconds === 0
        ? t('usageNotInPlan', { used })
        : t('usageOfCap', { used, cap: duration(cap.capSeconds), left: duration(cap.leftSeconds ?? 0) });
  const percent = cap.capSeconds ? Math.min(100, Math.round((cap.usedSeconds / cap.capSeconds) * 100)) : 0;
  return (
    <Box data-testid={testId}>
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      {cap.capSeconds ? (
        <Progress.Root value={percent} size="xs" colorPalette={percent >= 100 ? 'red' : 'brand'} my="1" aria-label={label}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {text}
      </Text>
    </Box>
  );
}

export function UsageTodayView({ usage, loading, failed, compact }: UsageTodayViewProps) {
  const { t } = useTranslation('accountData');
  return (
    <Stack gap={compact ? '1.5' : '3'} {...(compact ? {} : { borderWidth: '1px', borderRadius: 'md', p: '4' })} data-testid="usage-today">
      <Text fontSize={compact ? 'sm' : 'md'} fontWeight="semibold">
        {t('usageTitle')}
      </Text>
      {usage ? (
        <>
          <CapLine label={t('usageLive')} cap={usage.live} testId="usage-today-live" />
          <CapLine label={t('usageUpload')} cap={usage.upload} testId="usage-today-upload" />
          <Text fontSize="xs" color="fg.muted" data-testid="usage-today-zone">
            {t('usageDay', { zone: usage.timeZone })}
          </Text>
        </>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          {failed && !loading ? t('usageFailed') : t('usageLoading')}
        </Text>
      )}
    </Stack>
  );
}
