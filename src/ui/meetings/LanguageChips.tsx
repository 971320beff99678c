import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineLabel, useUnavailableLabel, type EngineName, type LanguagePick } from '../common/LanguageSelect';
import { languageName } from './language-name';
import './meeting-setup.css';

export interface LanguageChipsProps {
  codes: readonly string[];
  selected: readonly string[];
  onToggle(code: string): void;
  testId: string;
  /** Languages this server cannot serve: disabled (unless selected, so they can be removed), with why. */
  unavailable?: Readonly<Record<string, NonNullable<LanguagePick['unavailable']>>>;
  /** The engines that serve each language ("Vosk server"), named under it before it is picked. */
  engines?: Readonly<Record<string, readonly EngineName[]>>;
}

/**
 * One toggle button per language; selected ones are solid. Languages this server cannot serve (and
 * that are not selected) sit behind one "N more not available on this server" toggle: they are still
 * shown as unavailable before anyone tries, but a server with two engines no longer draws a wall of
 * seventeen disabled chips (a 390 px phone scrolled through ~2,000 px of them to reach Start).
 * Plain buttons styled by meeting-setup.css as Chakra's sm buttons (a Chakra button's styles are
 * serialised and hashed on every render, issue 27); memoised, as the setup form re-renders for changes
 * elsewhere in it (its name, style, plan limits) that leave the chips as they are.
 */
export const LanguageChips = memo(function LanguageChips({ codes, selected, onToggle, testId, unavailable = {}, engines = {} }: LanguageChipsProps) {
  const { t } = useTranslation('common');
  const [showUnavailable, setShowUnavailable] = useState(false);
  const hidden = codes.filter((code) => unavailable[code] && !selected.includes(code));
  const shown = showUnavailable ? codes : codes.filter((code) => !hidden.includes(code));
  return (
    <div className="ms-chips" data-testid={testId}>
      {shown.map((code) => (
        <LanguageChip key={code} code={code} on={selected.includes(code)} why={unavailable[code]} engines={engines[code]} onToggle={onToggle} testId={testId} />
      ))}
      {hidden.length > 0 && (
        <button
          type="button"
          className="ms-button ms-chip"
          data-variant="ghost"
          aria-expanded={showUnavailable}
          onClick={() => setShowUnavailable(!showUnavailable)}
          data-testid={`${testId}-more-unavailable`}
        >
          <span aria-hidden="true">{showUnavailable ? '▾' : '▸'}</span>
          {showUnavailable ? t('languagesUnavailableHide') : t('languagesUnavailableShow', { count: hidden.length })}
        </button>
      )}
    </div>
  );
});

interface LanguageChipProps {
  code: string;
  on: boolean;
  why: NonNullable<LanguagePick['unavailable']> | undefined;
  engines: readonly EngineName[] | undefined;
  onToggle(code: string): void;
  testId: string;
}

function LanguageChip({ code, on, why, engines, onToggle, testId }: LanguageChipProps) {
  const { i18n } = useTranslation();
  const unavailableLabel = useUnavailableLabel();
  const engineLabel = useEngineLabel();
  const served = why ? '' : engineLabel(engines);
  return (
    // A chip with its engine or why it is unavailable is longer than a phone is wide (390 px): its
    // text wraps inside the chip instead of running past the card (.ms-chip).
    <button
      type="button"
      className="ms-button ms-chip"
      data-chip=""
      data-variant={on ? 'solid' : 'outline'}
      aria-pressed={on}
      disabled={Boolean(why) && !on}
      title={why ? (why.reason ?? unavailableLabel(why)) : undefined}
      data-testid={`${testId}-${code}`}
      data-unavailable={why ? 'true' : undefined}
      onClick={() => onToggle(code)}
    >
      {languageName(code, i18n.language)}
      {why && (
        <span className="ms-chip-note">{unavailableLabel(why)}</span>
      )}
      {served && (
        <span className="ms-chip-note" data-testid={`${testId}-${code}-engine`}>
          {served}
        </span>
      )}
    </button>
  );
}
