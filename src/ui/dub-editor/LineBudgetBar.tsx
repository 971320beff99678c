// A line's timing budget (issue 13 §2): characters per second against the slot, and a bar of the
// voiced take against the slot — green when it fits, red with the overrun in ms when the dubbed
// speech runs past the line's end. Plain elements styled by line-list.css and memoised on the line:
// it is drawn in every row of the list, and an edit elsewhere must not redraw it.
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { rememberedT } from '../common/remembered-translation';
import type { LineView } from './dub-editor-view';
import { lineBudget, slotShare } from './timing-budget';
import './line-list.css';

/** `t` is the row's (dubEditor namespace): a row mounting this part builds no translation hook of its own. */
export const LineBudgetBar = memo(function LineBudgetBar({ t, line }: { t: TFunction; line: LineView }) {
  const budget = lineBudget(line);
  const cps = Number.isFinite(budget.charsPerSecond) ? budget.charsPerSecond.toFixed(1) : '∞';
  const label =
    budget.tone === 'over'
      ? rememberedT(t, 'budget.over', { cps, overrun: budget.overrunMs })
      : budget.tone === 'unvoiced'
        ? rememberedT(t, 'budget.unvoiced', { cps })
        : rememberedT(t, budget.tone === 'tight' ? 'budget.tight' : 'budget.fits', { cps, limit: budget.tightCps });
  const slot = budget.tone === 'over' ? slotShare(line) : budget.fill;
  return (
    <div title={label} aria-label={label} data-testid={`budget-${line.id}`} data-tone={budget.tone}>
      <p className="dub-budget-text" data-fast={budget.charsPerSecond > budget.tightCps || undefined}>
        {rememberedT(t, 'budget.cps', { cps })}
        {budget.tone === 'over' ? ` · +${budget.overrunMs} ms` : ''}
      </p>
      <div className="dub-budget-bar">
        <div className="dub-budget-fill" data-tone={budget.tone === 'over' ? 'fits' : budget.tone} style={{ width: `${slot * 100}%` }} />
        {budget.tone === 'over' && <div className="dub-budget-fill" data-tone="over" />}
      </div>
    </div>
  );
});
