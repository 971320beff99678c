// The AI dubbing dialog (features §2, 600 px): the shared upload frame (drop or choose mp4 files, the
// file rows rendered by the caller, start) with the dub form. Renders what it is given; the machine decides.
import { Field, HStack, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploadDialogFrame } from '../file-upload/FileUploadDialogFrame';
import { DUB_DIALOG_WIDTH_PX } from '../../shared/contract/limits';
import { useEngineLabel, type EngineName } from '../common/LanguageSelect';
import { DubFormFields, type DubFormView } from './DubFormFields';

export type { DubFormView };

export interface DubLanguageOption {
  code: string;
  name: string;
  /** Set when this server cannot dub the language: the option is disabled and says why. */
  unavailableReason?: string | undefined;
  /** The engines that would serve it (a target's voice engine), named beside it. */
  engines?: readonly EngineName[];
}

/** A folder the task can be filed in; `name` null is the default folder, named by the dialog. */
export interface DubFolderChoice {
  id: string;
  name: string | null;
  depth: number;
}

export interface DubUploadDialogProps {
  open: boolean;
  form: DubFormView;
  folderId: string;
  folders: DubFolderChoice[];
  onFolderChange(folderId: string): void;
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

/** A language the server cannot dub stays listed, disabled, with the reason beside its name; a served one names its engine. */
function LanguageOption({ item }: { item: DubLanguageOption }) {
  const engines = useEngineLabel()(item.engines);
  return (
    <option value={item.code} disabled={item.unavailableReason !== undefined} title={item.unavailableReason} data-unavailable={item.unavailableReason !== undefined || undefined}>
      {item.unavailableReason ? `${item.name} — ${item.unavailableReason}` : engines ? `${item.name} · ${engines}` : item.name}
    </option>
  );
}

export function DubUploadDialog(props: DubUploadDialogProps) {
  const { t } = useTranslation('dubbing');
  const { form } = props;

  return (
    <FileUploadDialogFrame
      open={props.open}
      testId="dub-dialog"
      widthPx={DUB_DIALOG_WIDTH_PX}
      title={t('title')}
      dropZone={{ accept: '.mp4,video/mp4', multiple: true, testId: 'dub-drop-zone', inputTestId: 'dub-file-input', hint: t('dropHint'), formats: t('formats') }}
      listTestId="dub-file-list"
      fileRows={props.fileRows}
      cancelLabel={t('cancel')}
      confirmLabel={t('start')}
      confirmTestId="dub-start"
      canConfirm={props.canStart}
      submitting={props.submitting}
      closing={props.closing}
      onClose={props.onClose}
      onFilesChosen={props.onFilesChosen}
      onConfirm={props.onStart}
    >
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
      <Field.Root>
        <Field.Label>{t('folder')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={props.folderId} data-testid="dub-folder" onChange={(event) => props.onFolderChange(event.target.value)}>
            {props.folders.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {/* Sub-folders indented under their parent (options cannot hold markup). */}
                {'\u00a0\u00a0'.repeat(folder.depth) + (folder.name ?? t('defaultFolder'))}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <DubFormFields form={form} onFormChange={props.onFormChange} />
    </FileUploadDialogFrame>
  );
}
