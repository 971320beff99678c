// One language picker for every form that chooses a language (upload, meeting, later dubbing): the
// languages this server cannot serve stay listed but disabled, each saying why and which server
// setting would enable it, so nobody picks a language only to have the record fail.
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface LanguagePick {
  code: string;
  name: string;
  /** Set when this server cannot serve the language. */
  unavailable?: { reason: string | null; setting: string | null } | null;
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

export function LanguageSelect({ items, value, onChange, testId, noneLabel }: LanguageSelectProps) {
  const unavailableLabel = useUnavailableLabel();
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
            {item.unavailable ? `${item.name} — ${unavailableLabel(item.unavailable)}` : item.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
