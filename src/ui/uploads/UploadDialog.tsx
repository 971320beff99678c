// The local upload dialog (platform §2 dialogs, §4 'Local upload'): the shared upload frame with the
// transcription form (name, languages, speakers, folder) and the removal confirm over it.
import { Box, Button, Field, Flex, HStack, Input, NativeSelect, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploadDialogFrame } from '../file-upload/FileUploadDialogFrame';
import { FileUploadRow, percentText } from '../file-upload/FileUploadRow';
import { servingEngines, targetUnavailability, unavailabilityOf, type ServedLanguage } from '../../shared/contract/language-availability';
import { LanguageSelect } from '../common/LanguageSelect';
import { UPLOAD_ALLOWED_EXTENSIONS, UPLOAD_DIALOG_WIDTH_PX, UPLOAD_SPEAKERS_MAX, UPLOAD_SPEAKERS_MIN } from '../../shared/contract/limits';

export interface UploadFormView {
  showName: string;
  audioLanguage: string;
  translationLanguage: string | null;
  speaker: boolean;
  maxSpeakers: number;
  folderId: string;
  folderName?: string;
}

/** A language as the server lists it; `available: false` ones are shown disabled with the reason. */
export interface LanguageChoice extends ServedLanguage {
  code: string;
  name: string;
}

export type UploadFormPatch = Partial<UploadFormView>;

/** One of the user's folders in the folder picker, indented by its depth in the tree. */
export interface FolderOption {
  id: string;
  name: string;
  depth: number;
}

export interface UploadDialogProps {
  open: boolean;
  /** The element focus returns to on close (default: what had focus when the dialog opened). */
  finalFocusEl?: () => HTMLElement | null;
  form: UploadFormView;
  transcribeLanguages: LanguageChoice[];
  translationLanguages: LanguageChoice[];
  nameError: boolean;
  canConfirm: boolean;
  submitting: boolean;
  closing: boolean;
  restoreMode: boolean;
  /** A file to choose again so its interrupted upload continues. */
  resumeFileName?: string | null;
  /** The rows of the file list (one per file, rendered by the caller). */
  fileRows: ReactNode;
  removal: { name: string; uploaded: boolean } | null;
  onClose(): void;
  onFilesChosen(files: File[]): void;
  onFormChange(patch: UploadFormPatch): void;
  /** The folder field: the user's folders (the default one first) and the choice of one. */
  folderOptions: FolderOption[];
  onFolderChoose(folder: { id: string; name: string }): void;
  onSubmit(): void;
  onConfirmRemoval(): void;
  onCancelRemoval(): void;
}

const ACCEPT = UPLOAD_ALLOWED_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const SPEAKER_CHOICES = Array.from({ length: UPLOAD_SPEAKERS_MAX - UPLOAD_SPEAKERS_MIN + 1 }, (_, i) => UPLOAD_SPEAKERS_MIN + i);

/** Asked before a file leaves the list; an uploaded one is also deleted from the server. */
function RemovalConfirm(props: { removal: { name: string; uploaded: boolean }; onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation('uploadDialog');
  return (
    <Flex position="absolute" inset="0" bg="blackAlpha.400" align="center" justify="center" rounded="l3" data-testid="upload-remove-confirm">
      <Box bg="bg.panel" p="5" rounded="lg" shadow="lg" maxW="sm">
        <Text fontWeight="semibold" mb="2">
          {t('removeTitle')}
        </Text>
        <Text fontSize="sm" mb="4">
          {t(props.removal.uploaded ? 'removeUploadedBody' : 'removeBody', { name: props.removal.name })}
        </Text>
        <HStack justify="end">
          <Button size="sm" variant="outline" onClick={props.onCancel}>
            {t('cancel')}
          </Button>
          <Button size="sm" colorPalette="red" onClick={props.onConfirm} data-testid="upload-remove-yes">
            {t('remove')}
          </Button>
        </HStack>
      </Box>
    </Flex>
  );
}

export function UploadDialog(props: UploadDialogProps) {
  const { t } = useTranslation('uploadDialog');
  const { form } = props;
  const withDefault = (list: LanguageChoice[], code: string) => (list.some((item) => item.code === code) ? list : [{ code, name: code }, ...list]);
  const transcribe = withDefault(props.transcribeLanguages, form.audioLanguage);

  return (
    <FileUploadDialogFrame
      open={props.open}
      {...(props.finalFocusEl ? { finalFocusEl: props.finalFocusEl } : {})}
      testId="upload-dialog"
      widthPx={UPLOAD_DIALOG_WIDTH_PX}
      title={t('title')}
      notice={
        props.restoreMode && (
          <Box bg="blue.50" color="blue.800" px="3" py="2" rounded="md" fontSize="sm" data-testid="upload-restore-note">
            {t('restoreMode')}
            {props.resumeFileName ? ` · ${t('restoreChooseFile', { name: props.resumeFileName })}` : ''}
          </Box>
        )
      }
      dropZone={{
        accept: ACCEPT,
        testId: 'upload-drop-zone',
        inputTestId: 'upload-file-input',
        py: '8',
        icon: (
          <Text fontSize="2xl" aria-hidden>
            ⇪
          </Text>
        ),
        hint: t('dropHint'),
        formats: t('formats'),
      }}
      listTestId="upload-file-list"
      fileRows={props.fileRows}
      overlay={props.removal && <RemovalConfirm removal={props.removal} onConfirm={props.onConfirmRemoval} onCancel={props.onCancelRemoval} />}
      cancelLabel={t('cancel')}
      confirmLabel={t('confirm')}
      confirmTestId="upload-confirm"
      canConfirm={props.canConfirm}
      submitting={props.submitting}
      closing={props.closing}
      onClose={props.onClose}
      onFilesChosen={props.onFilesChosen}
      onConfirm={props.onSubmit}
    >
      <Field.Root required invalid={props.nameError}>
        <Field.Label>{t('name')}</Field.Label>
        <Input
          value={form.showName}
          placeholder={t('namePlaceholder')}
          data-testid="upload-name"
          onChange={(event) => props.onFormChange({ showName: event.target.value })}
        />
        {props.nameError && <Field.ErrorText>{t('nameRequired')}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="3" align="start" flexWrap="wrap">
        <Field.Root flex="1" minW="200px">
          <Field.Label>{t('audioLanguage')}</Field.Label>
          <LanguageSelect
            items={transcribe.map((item) => ({ code: item.code, name: item.name, unavailable: unavailabilityOf(item), engines: servingEngines(item) }))}
            value={form.audioLanguage}
            testId="upload-audio-language"
            onChange={(code) => props.onFormChange({ audioLanguage: code })}
          />
        </Field.Root>
        <Field.Root flex="1" minW="200px">
          <Field.Label>{t('translationLanguage')}</Field.Label>
          <LanguageSelect
            items={props.translationLanguages
              .filter((item) => item.code !== form.audioLanguage)
              .map((item) => {
                const unavailable = targetUnavailability(item, [form.audioLanguage]);
                return { code: item.code, name: item.name, unavailable, engines: unavailable ? [] : servingEngines(item, [form.audioLanguage]) };
              })}
            value={form.translationLanguage ?? ''}
            noneLabel={t('noTranslation')}
            testId="upload-translation-language"
            onChange={(code) => props.onFormChange({ translationLanguage: code || null })}
          />
        </Field.Root>
      </HStack>
      <HStack gap="4" minH="10" flexWrap="wrap">
        <Switch.Root
          checked={form.speaker}
          data-testid="upload-speaker-switch"
          onCheckedChange={(details) => props.onFormChange({ speaker: details.checked })}
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('speakerRecognition')}</Switch.Label>
        </Switch.Root>
        {form.speaker && (
          <HStack gap="2">
            <Text fontSize="sm">{t('speakers')}</Text>
            <NativeSelect.Root size="sm" w="24">
              <NativeSelect.Field
                value={String(form.maxSpeakers)}
                data-testid="upload-max-speakers"
                onChange={(event) => props.onFormChange({ maxSpeakers: Number(event.target.value) })}
              >
                {SPEAKER_CHOICES.map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        )}
      </HStack>
      <Field.Root maxW={{ base: 'full', md: '320px' }}>
        <Field.Label>{t('folder')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={form.folderId === '0' ? '1' : form.folderId}
            data-testid="upload-folder"
            onChange={(event) => {
              const chosen = props.folderOptions.find((option) => option.id === event.target.value);
              if (chosen) props.onFolderChoose({ id: chosen.id, name: chosen.name });
            }}
          >
            {props.folderOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {/* Non-breaking spaces indent sub-folders: options take no other styling everywhere. */}
                {'\u00a0\u00a0'.repeat(option.depth)}
                {option.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FileUploadDialogFrame>
  );
}

export interface UploadFileRowProps {
  name: string;
  sizeBytes: number;
  status: 'added' | 'validating' | 'uploading' | 'uploaded' | 'failed';
  percent: number;
  errorText?: string;
  onRemove(): void;
  onRetry?(): void;
}

export function UploadFileRow({ name, sizeBytes, status, percent, errorText, onRemove, onRetry }: UploadFileRowProps) {
  const { t } = useTranslation('uploadDialog');
  const label = status === 'uploading' ? t('statusUploading', { percent: percentText(percent) }) : t(`status${status[0]!.toUpperCase()}${status.slice(1)}`);
  return (
    <FileUploadRow
      testId="upload-file-row"
      progressTestId="upload-file-progress"
      removeTestId="upload-file-remove"
      name={name}
      sizeBytes={sizeBytes}
      status={status}
      statusText={errorText ?? label}
      percent={percent}
      busy={status === 'validating' || status === 'uploading'}
      removeLabel={t('remove')}
      retryLabel={t('retry')}
      onRemove={onRemove}
      onRetry={onRetry}
    />
  );
}
