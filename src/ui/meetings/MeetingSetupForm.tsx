import { Alert } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEETING_RECOGNITION_LANGUAGES_MAX, MEETING_TRANSLATION_LANGUAGES_MAX } from '../../shared/contract/limits';
import { SUBTITLE_DISPLAYS, SUBTITLE_FONT_SIZES, type SubtitleDisplay, type SubtitleLook } from '../../shared/contract/meeting';
import { LanguageChips, type LanguageChipsProps } from './LanguageChips';
import { TermsDialog } from './TermsDialog';
import './meeting-setup.css';

/** What the form edits (the meeting setup machine's config has this shape). */
export interface MeetingSetupValues {
  name: string;
  recognitionLanguages: readonly string[];
  translationLanguages: readonly string[];
  style: SubtitleLook;
  termsAccepted: boolean;
  documentIds?: readonly string[];
}

export interface MeetingSetupFormProps {
  config: MeetingSetupValues;
  recognitionCodes: readonly string[];
  translationCodes: readonly string[];
  /** Languages this server cannot serve, shown disabled with the reason and setting. */
  recognitionUnavailable?: LanguageChipsProps['unavailable'];
  translationUnavailable?: LanguageChipsProps['unavailable'];
  /** The engines that serve each language ("Vosk server"), named on its chip. */
  recognitionEngines?: LanguageChipsProps['engines'];
  translationEngines?: LanguageChipsProps['engines'];
  /** Problem keys of the setup rules (problem_<key> in the meetings namespace). */
  problems: readonly string[];
  /** Languages per meeting the user's plan allows (re-read after a purchase); absent until known. */
  allowed?: { recognition: number; translation: number } | null;
  /** Whether a higher plan allows more (an SVIP host, at the product's most, is not told "SVIP allows more"). */
  higherPlanAllowsMore?: boolean;
  busy: boolean;
  error: string | null;
  onToggleRecognition(code: string): void;
  onToggleTranslation(code: string): void;
  onChange(patch: Partial<Pick<MeetingSetupValues, 'name' | 'style' | 'termsAccepted'>>): void;
  onStart(): void;
  /** Opens the vocabulary picker (absent: the form offers none). */
  onPickVocabulary?(): void;
  /** The picker dialog, rendered by the route from its machine. */
  vocabularyDialog?: ReactNode;
}


/**
 * The host's setup form, the page's first paint on a phone: plain elements styled by meeting-setup.css
 * as Chakra draws its card, fields, input and selects (issue 27: each Chakra element builds and hashes
 * its styles on every render). Only the alerts stay Chakra's.
 */
export function MeetingSetupForm(props: MeetingSetupFormProps) {
  const { config, problems, busy, error, onChange } = props;
  const { t } = useTranslation('meetings');
  const id = useId();
  const [termsOpen, setTermsOpen] = useState<false | 'read' | 'start'>(false);
  const setStyle = (patch: Partial<SubtitleLook>) => onChange({ style: { ...config.style, ...patch } });
  const blocking = problems.filter((problem) => problem !== 'termsRequired');
  const start = () => (config.termsAccepted ? props.onStart() : setTermsOpen('start'));
  return (
    <div className="ms-card" data-testid="meeting-setup">
      <div className="ms-card-body">
        <div className="ms-stack">
          <div className="ms-field">
            <label className="ms-label" htmlFor={`${id}name`}>{t('meetingName')}</label>
            <input id={`${id}name`} className="ms-input" value={config.name} placeholder={t('meetingNamePlaceholder')} onChange={(e) => onChange({ name: e.currentTarget.value })} data-testid="meeting-name" />
          </div>
          <div>
            <h2 className="ms-heading">{t('recognitionLanguages')}</h2>
            <p className="ms-hint">{t('recognitionHint', { max: MEETING_RECOGNITION_LANGUAGES_MAX })}</p>
            {/* The plan's line keeps its place while the permissions load: appearing later, it pushed
                everything below it down (a layout shift, issue 27). */}
            {props.allowed ? (
              <p className="ms-hint" data-testid="meeting-plan-allows">
                {t(props.higherPlanAllowsMore === false ? 'planAllowsMost' : 'planAllows', props.allowed)}
              </p>
            ) : (
              <div className="ms-hint" aria-hidden="true" />
            )}
            <LanguageChips codes={props.recognitionCodes} selected={config.recognitionLanguages} onToggle={props.onToggleRecognition} testId="meeting-recognition" unavailable={props.recognitionUnavailable} engines={props.recognitionEngines} />
          </div>
          <div>
            <h2 className="ms-heading">{t('translationLanguages')}</h2>
            <p className="ms-hint">{t('translationHint', { max: MEETING_TRANSLATION_LANGUAGES_MAX })}</p>
            <LanguageChips codes={props.translationCodes} selected={config.translationLanguages} onToggle={props.onToggleTranslation} testId="meeting-translation" unavailable={props.translationUnavailable} engines={props.translationEngines} />
          </div>
          <div>
            <h2 className="ms-heading" data-gap="2">{t('subtitleStyle')}</h2>
            <div className="ms-style-row">
              <div className="ms-field" data-auto="">
                <label className="ms-label" htmlFor={`${id}size`}>{t('fontSize')}</label>
                <div className="ms-select-root">
                  <select id={`${id}size`} className="ms-select" value={config.style.fontSize} onChange={(e) => setStyle({ fontSize: Number(e.currentTarget.value) })} data-testid="meeting-font-size">
                    {SUBTITLE_FONT_SIZES.map((size) => <option key={size} value={size}>{size} px</option>)}
                  </select>
                  <SelectIndicator />
                </div>
              </div>
              <div className="ms-field" data-auto="">
                <label className="ms-label" htmlFor={`${id}display`}>{t('display')}</label>
                <div className="ms-select-root" data-wide="">
                  <select id={`${id}display`} className="ms-select" value={config.style.display} onChange={(e) => setStyle({ display: e.currentTarget.value as SubtitleDisplay })} data-testid="meeting-display">
                    {SUBTITLE_DISPLAYS.map((display) => <option key={display} value={display}>{t(`display_${display}`)}</option>)}
                  </select>
                  <SelectIndicator />
                </div>
              </div>
              {/* As tall as the selects beside them, so the row's labels line up. */}
              <div className="ms-field" data-auto="">
                <label className="ms-label" htmlFor={`${id}colour`}>{t('textColour')}</label>
                <input id={`${id}colour`} type="color" className="ms-colour" value={config.style.color} onChange={(e) => setStyle({ color: e.currentTarget.value })} data-testid="meeting-colour" aria-label={t('textColour')} />
              </div>
              <div className="ms-field" data-auto="">
                <label className="ms-label" htmlFor={`${id}background`}>{t('backgroundColour')}</label>
                <input id={`${id}background`} type="color" className="ms-colour" value={config.style.backgroundColor} onChange={(e) => setStyle({ backgroundColor: e.currentTarget.value })} data-testid="meeting-background" aria-label={t('backgroundColour')} />
              </div>
            </div>
            <div className="ms-preview" style={{ background: config.style.backgroundColor, color: config.style.color, fontSize: `${config.style.fontSize}px` }} data-testid="meeting-style-preview">
              {config.style.display !== 'translation' && <p>{t('previewOriginal')}</p>}
              {config.style.display !== 'original' && <p className="ms-preview-translation">{t('previewTranslation')}</p>}
            </div>
          </div>
          {blocking.map((problem) => (
            <Alert.Root key={problem} status="warning" data-testid={`meeting-problem-${problem}`}>
              <Alert.Indicator />
              <Alert.Title>{t(`problem_${problem}`)}</Alert.Title>
            </Alert.Root>
          ))}
          {error && (
            <Alert.Root status="error" data-testid="meeting-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <div className="ms-row">
            <div className="ms-row" data-start="">
              <button type="button" className="ms-button" data-variant="plain" onClick={() => setTermsOpen('read')} data-testid="meeting-terms-open">
                {config.termsAccepted ? t('termsAccepted') : t('termsRead')}
              </button>
              {props.onPickVocabulary && (
                <button type="button" className="ms-button" data-variant="plain" onClick={props.onPickVocabulary} data-testid="meeting-vocabulary-open">
                  {config.documentIds?.length ? t('vocabularyPicked', { count: config.documentIds.length }) : t('vocabularyPick')}
                </button>
              )}
            </div>
            {/* Chakra's lg solid brand button; while the meeting is created, its spinner over the hidden label. */}
            <button type="button" className="ms-button" data-variant="solid" data-size="lg" data-loading={busy ? '' : undefined} disabled={busy || blocking.length > 0} onClick={start} data-testid="meeting-start">
              {busy ? (
                <>
                  <span className="ms-loader">
                    <span className="ms-spinner" />
                  </span>
                  <span className="ms-loading-label">{t('startMeeting')}</span>
                </>
              ) : (
                t('startMeeting')
              )}
            </button>
          </div>
        </div>
      </div>
      {props.vocabularyDialog}
      <TermsDialog
        open={termsOpen !== false}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          const thenStart = termsOpen === 'start';
          setTermsOpen(false);
          onChange({ termsAccepted: true });
          if (thenStart) props.onStart();
        }}
      />
    </div>
  );
}

/** Chakra's native select chevron. */
function SelectIndicator() {
  return (
    <div className="ms-select-indicator">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="m6 9 6 6 6-6" />
      </svg>
    </div>
  );
}
