// One file of the dubbing dialog: the shared upload row (name, size, length, progress — 99.9% at
// most until registered — retry, delete) with the delete's confirm in place and the optional SRT with its kind.
import { Box, Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploadRow, percentText } from '../file-upload/FileUploadRow';

export type DubRowStatus = 'checking' | 'uploading' | 'uploaded' | 'failed';

export interface DubFileRowProps {
  name: string;
  sizeBytes: number;
  durationSeconds: number | null;
  status: DubRowStatus;
  percent: number;
  errorText?: string | undefined;
  srtName: string | null;
  /** The attached file's detected text encoding, once stored. */
  srtEncoding: string | null;
  srtFileType: 1 | 2 | 3;
  attachingSrt: boolean;
  confirmingDelete: boolean;
  deleting: boolean;
  onRemove(): void;
  onConfirmRemove(): void;
  onCancelRemove(): void;
  onRetry(): void;
  onSrtChosen(file: File): void;
  onSrtType(type: 1 | 2 | 3): void;
  onSrtRemove(): void;
}

export function DubFileRow(props: DubFileRowProps) {
  const { t } = useTranslation('dubbing');
  const srtInput = useRef<HTMLInputElement>(null);
  const label =
    props.status === 'uploading' ? t('statusUploading', { percent: percentText(props.percent) }) : t(`status${props.status[0]!.toUpperCase()}${props.status.slice(1)}`);
  return (
    <FileUploadRow
      testId="dub-file-row"
      progressTestId="dub-file-progress"
      removeTestId="dub-file-remove"
      name={props.name}
      sizeBytes={props.sizeBytes}
      durationSeconds={props.durationSeconds}
      status={props.status}
      statusText={props.errorText ?? label}
      percent={props.percent}
      busy={props.status === 'checking' || props.status === 'uploading' || props.attachingSrt || props.deleting}
      removeLabel={t('remove')}
      retryLabel={t('retry')}
      onRemove={props.onRemove}
      onRetry={props.onRetry}
    >
      {props.status === 'uploaded' && (
        <HStack mt="2" gap="2" flexWrap="wrap">
          {props.srtName ? (
            <>
              <Text fontSize="xs" data-testid="dub-srt-name">
                {props.srtName}
              </Text>
              {props.srtEncoding && (
                <Text fontSize="xs" color="fg.muted" data-testid="dub-srt-encoding">
                  {t('srtEncoding', { encoding: props.srtEncoding })}
                </Text>
              )}
              <Button size="xs" variant="ghost" onClick={props.onSrtRemove}>
                {t('srtRemove')}
              </Button>
            </>
          ) : (
            <Button size="xs" variant="outline" loading={props.attachingSrt} onClick={() => srtInput.current?.click()} data-testid="dub-srt-attach">
              {t('srtAttach')}
            </Button>
          )}
          <NativeSelect.Root size="xs" w="32">
            <NativeSelect.Field
              aria-label={t('srtType')}
              value={String(props.srtFileType)}
              data-testid="dub-srt-type"
              onChange={(event) => props.onSrtType(Number(event.target.value) as 1 | 2 | 3)}
            >
              {([1, 2, 3] as const).map((type) => (
                <option key={type} value={type}>
                  {t(`srtType${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <input
            ref={srtInput}
            type="file"
            accept=".srt"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) props.onSrtChosen(file);
              event.target.value = '';
            }}
          />
        </HStack>
      )}
      {props.confirmingDelete && (
        <Box mt="2" p="2" bg="bg.subtle" rounded="md" data-testid="dub-remove-confirm">
          <Text fontSize="sm" fontWeight="semibold">
            {t('removeTitle')}
          </Text>
          <Text fontSize="xs" mb="2">
            {t('removeBody', { name: props.name })}
          </Text>
          <HStack justify="end">
            <Button size="xs" variant="outline" onClick={props.onCancelRemove}>
              {t('cancel')}
            </Button>
            <Button size="xs" colorPalette="red" onClick={props.onConfirmRemove} data-testid="dub-remove-yes">
              {t('remove')}
            </Button>
          </HStack>
        </Box>
      )}
    </FileUploadRow>
  );
}
