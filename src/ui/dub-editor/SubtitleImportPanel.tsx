// "Import subtitles" of the dub editor: the button that picks an .srt and, once the server has read
// it, the review — file name, cue count, the encoding detected, replace or merge, which side the text
// fills — with Import and Cancel; a refusal (not .srt, or the server's message naming the cue and
// line) is shown until dismissed. Renders only: the subtitleImport machine decides.
import { Box, Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportMode, ImportTarget } from '../../machines/dub-editor/dub-editor-commands.types';

export interface SubtitleImportPanelProps {
  step: 'idle' | 'reading' | 'review' | 'failed';
  readingName: string | null;
  review: { fileName: string; encoding: string; count: number } | null;
  mode: ImportMode;
  target: ImportTarget;
  /** The refusal already in words (the server's message or a translated key). */
  error: string | null;
  onFile(file: File): void;
  onMode(mode: ImportMode): void;
  onTarget(target: ImportTarget): void;
  onConfirm(): void;
  onCancel(): void;
}

const MODES: readonly ImportMode[] = ['replace', 'merge'];
const TARGETS: readonly ImportTarget[] = ['translation', 'text', 'bilingual'];

export function SubtitleImportPanel(props: SubtitleImportPanelProps) {
  const { t } = useTranslation('dubEditor');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="xs" variant="outline" loading={props.step === 'reading'} onClick={() => input.current?.click()} data-testid="subtitle-import-open">
        {t('import.action')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".srt"
        hidden
        data-testid="subtitle-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) props.onFile(file);
          event.target.value = '';
        }}
      />
      {props.step === 'reading' && props.readingName && <Text fontSize="xs">{t('import.reading', { name: props.readingName })}</Text>}
      {props.step === 'failed' && props.error && (
        <HStack gap="2" role="alert" data-testid="subtitle-import-error">
          <Text fontSize="xs" color="fg.error">
            {props.error}
          </Text>
          <Button size="xs" variant="ghost" onClick={props.onCancel}>
            {t('import.cancel')}
          </Button>
        </HStack>
      )}
      {props.step === 'review' && props.review && (
        <Box borderWidth="1px" borderRadius="md" p="2" data-testid="subtitle-import-review">
          <Text fontSize="xs" data-testid="subtitle-import-summary">
            {t('import.summary', { name: props.review.fileName, count: props.review.count, encoding: props.review.encoding })}
          </Text>
          <HStack gap="2" mt="1" flexWrap="wrap">
            <Choice label={t('import.mode')} value={props.mode} options={MODES.map((mode) => [mode, t(`import.${mode}`)])} onChange={(value) => props.onMode(value as ImportMode)} testId="subtitle-import-mode" />
            <Choice label={t('import.target')} value={props.target} options={TARGETS.map((target) => [target, t(`import.${target}`)])} onChange={(value) => props.onTarget(value as ImportTarget)} testId="subtitle-import-target" />
            <Button size="xs" colorPalette="blue" onClick={props.onConfirm} data-testid="subtitle-import-confirm">
              {t('import.confirm')}
            </Button>
            <Button size="xs" variant="ghost" onClick={props.onCancel}>
              {t('import.cancel')}
            </Button>
          </HStack>
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('import.undoHint')}
          </Text>
        </Box>
      )}
    </>
  );
}

function Choice(props: { label: string; value: string; options: Array<[string, string]>; onChange(value: string): void; testId: string }) {
  return (
    <NativeSelect.Root size="xs" w="auto">
      <NativeSelect.Field aria-label={props.label} value={props.value} data-testid={props.testId} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
