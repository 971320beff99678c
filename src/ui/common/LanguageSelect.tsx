// One language picker for every form that chooses a language (upload, meeting, later dubbing): each
// language names the engine that serves it ("English · pocketsphinx (embedded)"), and the languages
// this server cannot serve stay listed but disabled, each saying why and which server setting would
// enable it, so nobody picks a language only to have the record fail.
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface LanguagePick {
  code: string;
  name: string;
  /** Set when this server cannot serve the language. */
  unavailable?: { reason: string | null; setting: string | null } | null;
  /** The engines that serve it, named beside it. */
  engines?: readonly EngineName[];
}

/** An engine as the server names it: a proper name, and whether it is a remote server or embedded. */
export interface EngineName {
  name: string;
  remote: boolean;
}

export interface LanguageSelectProps {
  items: readonly LanguagePick[];
  value: string;
  onChange(code: string): void;
  testId: string;
  /** A first choice with value '' (e.g. "no translation"). */
  noneLabel?: string;
}

/** "not available on this server — set ASR_URL", in the interface language. */
export function useUnavailableLabel() {
  const { t } = useTranslation('common');
  return (unavailable: NonNullable<LanguagePick['unavailable']>) =>
    unavailable.setting ? t('languageUnavailable', { setting: unavailable.setting }) : t('languageUnavailableNoSetting');
}

/** "Vosk server", "pocketsphinx (embedded)"; several joined with " / ". */
export function useEngineLabel() {
  const { t } = useTranslation('common');
  return (engines: readonly EngineName[] | undefined) =>
    (engines ?? []).map((engine) => t(engine.remote ? 'engineServer' : 'engineEmbedded', { name: engine.name })).join(' / ');
}

/** The option's text: the language with its engines, or with why it cannot be chosen. */
export function useLanguagePickLabel() {
  const unavailableLabel = useUnavailableLabel();
  const engineLabel = useEngineLabel();
  return (item: LanguagePick) => {
    if (item.unavailable) return `${item.name} — ${unavailableLabel(item.unavailable)}`;
    const engines = engineLabel(item.engines);
    return engines ? `${item.name} · ${engines}` : item.name;
  };
}

export function LanguageSelect({ items, value, onChange, testId, noneLabel }: LanguageSelectProps) {
  const label = useLanguagePickLabel();
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} data-testid={testId} onChange={(event) => onChange(event.target.value)}>
        {noneLabel !== undefined && <option value="">{noneLabel}</option>}
        {items.map((item) => (
          <option
            key={item.code}
            value={item.code}
            disabled={Boolean(item.unavailable)}
            title={item.unavailable?.reason ?? undefined}
            data-unavailable={item.unavailable ? 'true' : undefined}
          >
            {label(item)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
