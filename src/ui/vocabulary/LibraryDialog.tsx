// Create or rename a library: one name input (capped at the spec's 50 characters by the machine's
// check, not silently by the input), and the language(s) for the kinds that have them.
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';
import { VOCABULARY_NAME_MAX } from '../../shared/contract/vocabulary-limits';
import { LanguageSelect } from '../common/LanguageSelect';
import { ErrorLine } from './ErrorLine';
import { languageName, type ShownError } from './vocabulary-view-types';

/** Languages a library may name; the engines in force decide what they serve, the library only records it. */
export const LIBRARY_LANGUAGES = ['en-US', 'es-ES', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'fr-FR', 'de-DE'] as const;

export interface LibraryDialogProps {
  open: boolean;
  mode: 'create' | 'rename';
  name: string;
  language: string;
  translationLanguage: string;
  withLanguage: boolean;
  withTranslationLanguage: boolean;
  error: ShownError | null;
  busy: boolean;
  onChange(change: { name?: string; language?: string; translationLanguage?: string }): void;
  onSubmit(): void;
  onCancel(): void;
}

export function LibraryDialog(props: LibraryDialogProps) {
  const { t, i18n } = useTranslation('vocabulary');
  const items = LIBRARY_LANGUAGES.map((code) => ({ code, name: languageName(code, i18n.language) }));
  return (
    <DialogFrame
      open={props.open}
      title={props.mode === 'create' ? t('createTitle') : t('renameTitle')}
      testId="library-dialog"
      onClose={props.onCancel}
      footer={
        <>
          <Button variant="outline" onClick={props.onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="library-form" colorPalette="brand" loading={props.busy} data-testid="library-save">
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        id="library-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="3">
          <Field.Root invalid={Boolean(props.error)}>
            <Field.Label>{t('nameLabel')}</Field.Label>
            <Input
              value={props.name}
              autoFocus
              data-testid="library-name-input"
              aria-describedby="library-name-hint"
              onChange={(event) => props.onChange({ name: event.target.value })}
            />
            <Field.HelperText id="library-name-hint">{`${[...props.name.trim()].length}/${VOCABULARY_NAME_MAX}`}</Field.HelperText>
          </Field.Root>
          {props.mode === 'create' && props.withLanguage && (
            <Field.Root>
              <Field.Label>{t('languageLabel')}</Field.Label>
              <LanguageSelect items={items} value={props.language} testId="library-language" onChange={(language) => props.onChange({ language })} />
            </Field.Root>
          )}
          {props.mode === 'create' && props.withTranslationLanguage && (
            <Field.Root>
              <Field.Label>{t('translationLanguageLabel')}</Field.Label>
              <LanguageSelect
                items={items}
                value={props.translationLanguage}
                testId="library-translation-language"
                onChange={(translationLanguage) => props.onChange({ translationLanguage })}
              />
            </Field.Root>
          )}
          <ErrorLine error={props.error} testId="library-error" />
        </Stack>
      </form>
    </DialogFrame>
  );
}
