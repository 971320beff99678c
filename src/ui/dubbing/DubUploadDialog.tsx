// The AI dubbing dialog (features §2, 600 px): the shared upload frame (drop or choose mp4 files, the
// file rows rendered by the caller, start) with the dub form. Renders what it is given; the machine decides.
import { Field, HStack, Input, NativeSelect, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploadDialogFrame } from '../file-upload/FileUploadDialogFrame';
import { DUB_DIALOG_WIDTH_PX } from '../../shared/contract/limits';
import { DUB_FONT_SIZE_MAX, DUB_FONT_SIZE_MIN, DUB_SPEAKERS_MAX, DUB_SPEAKERS_MIN } from '../../shared/contract/dub-limits';

export interface DubFormView {
  audioLanguage: string;
  translationLanguage: string | null;
  maxSpeakers: number;
  maxSpeakersAuto: boolean;
  exportSubtitleInVideo: boolean;
  subtitleFontSize: number;
  subtitleMaxCharCountPerSegment: number;
  subtitlePrimaryColor: string;
  subtitleOutlineColor: string;
}

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

const SPEAKER_CHOICES = Array.from({ length: DUB_SPEAKERS_MAX - DUB_SPEAKERS_MIN + 1 }, (_, i) => DUB_SPEAKERS_MIN + i);

/** A language the server cannot dub stays listed, disabled, with the reason beside its name. */
function LanguageOption({ item }: { item: DubLanguageOption }) {
  return (
    <option value={item.code} disabled={item.unavailableReason !== undefined} title={item.unavailableReason} data-unavailable={item.unavailableReason !== undefined || undefined}>
      {item.unavailableReason ? `${item.name} — ${item.unavailableReason}` : item.name}
    </option>
  );
}

function LabeledSwitch(props: { checked: boolean; label: string; testId: string; onChange(checked: boolean): void }) {
  return (
    <Switch.Root checked={props.checked} data-testid={props.testId} onCheckedChange={(details) => props.onChange(details.checked)}>
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  );
}

export function DubUploadDialog(props: DubUploadDialogProps) {
  const { t } = useTranslation('dubbing');
  const { form } = props;
  const burnIn = form.exportSubtitleInVideo;

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
      <HStack gap="4" flexWrap="wrap">
        <Text fontSize="sm">{t('speakers')}</Text>
        <NativeSelect.Root size="sm" w="24" disabled={form.maxSpeakersAuto}>
          <NativeSelect.Field
            value={String(form.maxSpeakers)}
            data-testid="dub-max-speakers"
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
        <LabeledSwitch
          checked={form.maxSpeakersAuto}
          label={t('speakersAuto')}
          testId="dub-speakers-auto"
          onChange={(checked) => props.onFormChange({ maxSpeakersAuto: checked })}
        />
      </HStack>
      <LabeledSwitch checked={burnIn} label={t('burnIn')} testId="dub-burn-in" onChange={(checked) => props.onFormChange({ exportSubtitleInVideo: checked })} />
      <HStack gap="3" flexWrap="wrap" align="end">
        <Field.Root w="32" disabled={!burnIn}>
          <Field.Label>{t('fontSize')}</Field.Label>
          <Input
            type="number"
            min={DUB_FONT_SIZE_MIN}
            max={DUB_FONT_SIZE_MAX}
            value={form.subtitleFontSize}
            data-testid="dub-font-size"
            onChange={(event) => props.onFormChange({ subtitleFontSize: Number(event.target.value) })}
          />
        </Field.Root>
        <Field.Root w="40" disabled={!burnIn}>
          <Field.Label>{t('charsPerSegment')}</Field.Label>
          <Input
            type="number"
            min={1}
            value={form.subtitleMaxCharCountPerSegment}
            data-testid="dub-chars-per-segment"
            onChange={(event) => props.onFormChange({ subtitleMaxCharCountPerSegment: Number(event.target.value) })}
          />
        </Field.Root>
        <Field.Root w="24" disabled={!burnIn}>
          <Field.Label>{t('primaryColor')}</Field.Label>
          <Input type="color" p="1" value={form.subtitlePrimaryColor} data-testid="dub-primary-color" onChange={(event) => props.onFormChange({ subtitlePrimaryColor: event.target.value })} />
        </Field.Root>
        <Field.Root w="24" disabled={!burnIn}>
          <Field.Label>{t('outlineColor')}</Field.Label>
          <Input type="color" p="1" value={form.subtitleOutlineColor} data-testid="dub-outline-color" onChange={(event) => props.onFormChange({ subtitleOutlineColor: event.target.value })} />
        </Field.Root>
      </HStack>
    </FileUploadDialogFrame>
  );
}
