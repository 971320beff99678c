// Use of the last 30 days at a glance: one stacked bar per day, hours per usage kind, drawn as a
// small SVG (no chart library: the bills page stays light). Its accessible name sums it up.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatChartDay } from './bill-format';

export interface UsageDayView {
  date: string;
  meetingSeconds: number;
  transcriptionSeconds: number;
  dubbingSeconds: number;
}

export const USAGE_KINDS = [
  { kind: 'meeting', field: 'meetingSeconds', color: 'var(--chakra-colors-blue-500)' },
  { kind: 'transcription', field: 'transcriptionSeconds', color: 'var(--chakra-colors-teal-500)' },
  { kind: 'dubbing', field: 'dubbingSeconds', color: 'var(--chakra-colors-orange-400)' },
] as const;

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 28;
const TOP = 8;
const BOTTOM = 20;

const hoursOf = (seconds: number) => seconds / 3600;
const roundHours = (hours: number) => Math.round(hours * 10) / 10;

/** Every fifth day and the last, but not one so close to the last that the two would overlap. */
export function labelled(index: number, count: number): boolean {
  const last = count - 1;
  return index === last || (index % 5 === 0 && last - index >= 3);
}

// The first label starts at its bar and the last ends at its bar, so neither runs off the chart
// (issue 29: the last one was cut to "11-2").
const labelAnchor = (index: number, count: number) => (index === count - 1 ? 'end' : index === 0 ? 'start' : 'middle');
const labelX = (index: number, count: number, x: number, barWidth: number) =>
  index === count - 1 ? x + barWidth : index === 0 ? x : x + barWidth / 2;

/** A round top for the axis: the next whole hour, at least 1. */
export function axisTopHours(days: readonly UsageDayView[]): number {
  const most = Math.max(0, ...days.map((day) => hoursOf(day.meetingSeconds + day.transcriptionSeconds + day.dubbingSeconds)));
  return Math.max(1, Math.ceil(most));
}

export function UsageChart({ days, timeZone }: { days: UsageDayView[]; timeZone: string | null }) {
  const { t, i18n } = useTranslation('purchase');
  const totals = Object.fromEntries(
    USAGE_KINDS.map(({ kind, field }) => [kind, roundHours(hoursOf(days.reduce((sum, day) => sum + day[field], 0)))]),
  ) as Record<(typeof USAGE_KINDS)[number]['kind'], number>;
  const top = axisTopHours(days);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = days.length ? (WIDTH - AXIS) / days.length : 0;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (hours: number) => TOP + plotHeight - (hours / top) * plotHeight;
  const empty = days.every((day) => day.meetingSeconds + day.transcriptionSeconds + day.dubbingSeconds === 0);
  return (
    <Stack gap="2" data-testid="usage-chart">
      <Box asChild w="full" maxW={`${WIDTH}px`}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('usageSummary', totals)}>
          {[0, top / 2, top].map((hours) => (
            <g key={hours}>
              <line x1={AXIS} x2={WIDTH} y1={y(hours)} y2={y(hours)} stroke="currentColor" strokeOpacity="0.15" />
              <text x={AXIS - 4} y={y(hours) + 4} fontSize="10" textAnchor="end" fill="currentColor">
                {roundHours(hours)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            let base = 0;
            const x = AXIS + index * slot + (slot - barWidth) / 2;
            return (
              <g key={day.date} data-testid="usage-day" data-date={day.date}>
                <title>
                  {`${day.date}: ${USAGE_KINDS.map(({ kind, field }) => `${t(`kind_${kind}`)} ${t('usageHours', { count: roundHours(hoursOf(day[field])) })}`).join(', ')}`}
                </title>
                {USAGE_KINDS.map(({ kind, field, color }) => {
                  const hours = hoursOf(day[field]);
                  if (hours <= 0) return null;
                  const rect = <rect key={kind} x={x} width={barWidth} y={y(base + hours)} height={y(base) - y(base + hours)} fill={color} data-kind={kind} />;
                  base += hours;
                  return rect;
                })}
                {labelled(index, days.length) ? (
                  <text x={labelX(index, days.length, x, barWidth)} y={HEIGHT - 6} fontSize="9" textAnchor={labelAnchor(index, days.length)} fill="currentColor">
                    {formatChartDay(day.date, i18n.language)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </Box>
      <HStack gap="4" wrap="wrap" fontSize="sm">
        {USAGE_KINDS.map(({ kind, color }) => (
          <HStack key={kind} gap="1">
            <Box w="3" h="3" borderRadius="sm" style={{ background: color }} />
            <Text>
              {t(`kind_${kind}`)} · {t('usageHours', { count: totals[kind] })}
            </Text>
          </HStack>
        ))}
        {timeZone ? (
          <Text color="fg.muted">{t('usageTimeZone', { zone: timeZone })}</Text>
        ) : null}
      </HStack>
      {empty ? (
        <Text color="fg.muted" fontSize="sm">
          {t('usageEmpty')}
        </Text>
      ) : null}
    </Stack>
  );
}
