// A line's timing budget (issue 13 §2): characters per second against the slot, and a bar of the
// voiced take against the slot — green when it fits, red with the overrun in ms when the dubbed
// speech runs past the line's end.
import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LineView } from './dub-editor-view';
import { lineBudget, slotShare } from './timing-budget';

const TONE_COLOUR = { fits: 'green.solid', tight: 'orange.solid', over: 'red.solid', unvoiced: 'border' } as const;

export function LineBudgetBar({ line }: { line: LineView }) {
  const { t } = useTranslation('dubEditor');
  const budget = lineBudget(line);
  const cps = Number.isFinite(budget.charsPerSecond) ? budget.charsPerSecond.toFixed(1) : '∞';
  const label =
    budget.tone === 'over'
      ? t('budget.over', { cps, overrun: budget.overrunMs })
      : budget.tone === 'unvoiced'
        ? t('budget.unvoiced', { cps })
        : t(budget.tone === 'tight' ? 'budget.tight' : 'budget.fits', { cps, limit: budget.tightCps });
  const slot = budget.tone === 'over' ? slotShare(line) : budget.fill;
  return (
    <Box title={label} aria-label={label} data-testid={`budget-${line.id}`} data-tone={budget.tone}>
      <Text fontSize="2xs" color={budget.charsPerSecond > budget.tightCps ? 'orange.fg' : 'fg.muted'} lineHeight="1.2">
        {t('budget.cps', { cps })}
        {budget.tone === 'over' ? ` · +${budget.overrunMs} ms` : ''}
      </Text>
      <HStack gap="0" h="1.5" rounded="full" overflow="hidden" bg="bg.muted">
        <Box h="full" w={`${slot * 100}%`} bg={TONE_COLOUR[budget.tone === 'over' ? 'fits' : budget.tone]} />
        {budget.tone === 'over' && <Box h="full" flex="1" bg={TONE_COLOUR.over} />}
      </HStack>
    </Box>
  );
}
