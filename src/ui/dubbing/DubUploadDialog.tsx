// The AI dubbing dialog (features §2, 600 px): drop or choose mp4 files, the file rows (rendered by
// the caller), the dub form and the start button. Renders what it is given; the machine decides.
import { Box, Button, CloseButton, Dialog, Field, HStack, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../common/FileDropZone';
import { DUB_DIALOG_WIDTH_PX } from '../../shared/contract/limits';
import { DubFormFields, type DubFormView } from './DubFormFields';

export type { DubFormView };

export interface DubLanguageOption {
  code: string;
  name: string;
  /** Set when this server cannot dub the language: the option is disabled and says why. */
  unavailableReason?: string | undefined;
}

export interface DubUploadDialogProps {
  open: boolean;
  form: DubFormView;
  languages: DubLanguageOption[];
  /** The translation targets, judged from the chosen video language (default: `languages`). */
  targetLanguages?: DubLanguageOption[];
  fileRows: ReactNode;
  canStart: boolean;
  submitting: boolean;
  closing: boolean;
  onClose(): void;
  onFilesChosen(files: File[]): void;
  onFormChange(patch: Partial<DubFormView>): void;
  onStart(): void;
}

/** A language the server cannot dub stays listed, disabled, with the reason beside its name. */
function LanguageOption({ item }: { item: DubLanguageOption }) {
  return (
    <option value={item.code} disabled={item.unavailableReason !== undefined} title={item.unavailableReason} data-unavailable={item.unavailableReason !== undefined || undefined}>
      {item.unavailableReason ? `${item.name} — ${item.unavailableReason}` : item.name}
    </option>
  );
}

export function DubUploadDialog(props: DubUploadDialogProps) {
  const { t } = useTranslation('dubbing');
  const { form } = props;

  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => !details.open && props.onClose()} placement="center" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="dub-dialog" maxW={`${DUB_DIALOG_WIDTH_PX}px`} w="calc(100vw - 32px)">
            <Dialog.Header>
              <Dialog.Title>{t('title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <FileDropZone
                  accept=".mp4,video/mp4"
                  multiple
                  testId="dub-drop-zone"
                  inputTestId="dub-file-input"
                  hint={t('dropHint')}
                  formats={t('formats')}
                  onFiles={props.onFilesChosen}
                />
                <Stack gap="2" data-testid="dub-file-list">
                  {props.fileRows}
                </Stack>
                <HStack gap="3" align="start" flexWrap="wrap">
                  <Field.Root flex="1" minW="200px">
                    <Field.Label>{t('audioLanguage')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.audioLanguage} data-testid="dub-audio-language" onChange={(event) => props.onFormChange({ audioLanguage: event.target.value })}>
                        {props.languages.map((item) => (
                          <LanguageOption key={item.code} item={item} />
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root flex="1" minW="200px">
                    <Field.Label>{t('translationLanguage')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={form.translationLanguage ?? ''}
                        data-testid="dub-translation-language"
                        onChange={(event) => props.onFormChange({ translationLanguage: event.target.value || null })}
                      >
                        <option value="">{t('noTranslation')}</option>
                        {(props.targetLanguages ?? props.languages)
                          .filter((item) => item.code !== form.audioLanguage)
                          .map((item) => (
                            <LanguageOption key={item.code} item={item} />
                          ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </HStack>
                <DubFormFields form={form} onFormChange={props.onFormChange} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} loading={props.closing}>
                {t('cancel')}
              </Button>
              <Button colorPalette="brand" disabled={!props.canStart} loading={props.submitting} onClick={props.onStart} data-testid="dub-start">
                {t('start')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
