// One file of the dubbing dialog: name, size, length, progress (99.9% at most until registered),
// retry, delete (with its confirm in place), and the optional SRT with its kind.
import { Box, Button, HStack, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type DubRowStatus = 'checking' | 'uploading' | 'uploaded' | 'failed';

export interface DubFileRowProps {
  name: string;
  sizeBytes: number;
  durationSeconds: number | null;
  status: DubRowStatus;
  percent: number;
  errorText?: string | undefined;
  srtName: string | null;
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

function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${(mb / 1024).toFixed(2)} GB` : `${mb.toFixed(mb < 10 ? 2 : 1)} MB`;
}

function durationText(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

export function DubFileRow(props: DubFileRowProps) {
  const { t } = useTranslation('dubbing');
  const srtInput = useRef<HTMLInputElement>(null);
  const label =
    props.status === 'uploading'
      ? t('statusUploading', { percent: props.percent.toFixed(props.percent % 1 === 0 ? 0 : 1) })
      : t(`status${props.status[0]!.toUpperCase()}${props.status.slice(1)}`);
  return (
    <Box borderWidth="1px" rounded="md" px="3" py="2" data-testid="dub-file-row" data-status={props.status}>
      <HStack justify="space-between" gap="2">
        <Box minW="0" flex="1">
          <Text truncate fontWeight="medium">
            {props.name}
          </Text>
          <Text fontSize="xs" color={props.status === 'failed' ? 'red.600' : 'fg.muted'}>
            {sizeText(props.sizeBytes)}
            {props.durationSeconds ? ` · ${durationText(props.durationSeconds)}` : ''} · {props.errorText ?? label}
          </Text>
        </Box>
        {(props.status === 'checking' || props.status === 'uploading' || props.attachingSrt || props.deleting) && <Spinner size="xs" />}
        {props.status === 'failed' && (
          <Button size="xs" variant="ghost" onClick={props.onRetry}>
            {t('retry')}
          </Button>
        )}
        <Button size="xs" variant="ghost" onClick={props.onRemove} aria-label={t('remove')} data-testid="dub-file-remove">
          ✕
        </Button>
      </HStack>
      <Box h="1.5" bg="bg.muted" rounded="full" mt="2" overflow="hidden">
        <Box h="full" bg={props.status === 'failed' ? 'red.400' : 'brand.500'} w={`${props.percent}%`} transition="width 0.2s" data-testid="dub-file-progress" />
      </Box>
      {props.status === 'uploaded' && (
        <HStack mt="2" gap="2" flexWrap="wrap">
          {props.srtName ? (
            <>
              <Text fontSize="xs" data-testid="dub-srt-name">
                {props.srtName}
              </Text>
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
    </Box>
  );
}
