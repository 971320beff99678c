// One file of an upload dialog: name, size (and length when known), its state or error, a spinner
// while busy, retry when it failed, remove, and the progress bar. The area's row passes its texts
// and test ids, and anything of its own (a subtitle file, a confirm) as children below the bar.
import { Box, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FileUploadRowProps {
  testId: string;
  progressTestId: string;
  removeTestId: string;
  name: string;
  sizeBytes: number;
  durationSeconds?: number | null | undefined;
  /** The row's state as the area names it (data-status); 'failed' and 'uploaded' drive the bar. */
  status: string;
  /** The state or, for a failed file, the error. */
  statusText: string;
  percent: number;
  busy: boolean;
  removeLabel: string;
  retryLabel: string;
  onRemove(): void;
  onRetry?: (() => void) | undefined;
  children?: ReactNode;
}

/** 42 → '42', 42.5 → '42.5': the percent as the status line shows it. */
export function percentText(percent: number): string {
  return percent.toFixed(percent % 1 === 0 ? 0 : 1);
}

export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024 ? `${(mb / 1024).toFixed(2)} GB` : `${mb.toFixed(mb < 10 ? 2 : 1)} MB`;
}

export function durationText(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h > 0 ? `${h}:` : ''}${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
}

export function FileUploadRow(props: FileUploadRowProps) {
  const failed = props.status === 'failed';
  return (
    <Box borderWidth="1px" rounded="md" px="3" py="2" data-testid={props.testId} data-status={props.status}>
      <HStack justify="space-between" gap="2">
        <Box minW="0" flex="1">
          <Text truncate fontWeight="medium">
            {props.name}
          </Text>
          <Text fontSize="xs" color={failed ? 'red.600' : 'fg.muted'}>
            {sizeText(props.sizeBytes)}
            {props.durationSeconds ? ` · ${durationText(props.durationSeconds)}` : ''} · {props.statusText}
          </Text>
        </Box>
        {props.busy && <Spinner size="xs" />}
        {failed && props.onRetry && (
          <Button size="xs" variant="ghost" onClick={props.onRetry}>
            {props.retryLabel}
          </Button>
        )}
        <Button size="xs" variant="ghost" onClick={props.onRemove} aria-label={props.removeLabel} data-testid={props.removeTestId}>
          ✕
        </Button>
      </HStack>
      <Box h="1.5" bg="bg.muted" rounded="full" mt="2" overflow="hidden">
        <Box
          h="full"
          bg={failed ? 'red.400' : 'brand.500'}
          w={`${props.status === 'uploaded' ? 100 : props.percent}%`}
          transition="width 0.2s"
          data-testid={props.progressTestId}
        />
      </Box>
      {props.children}
    </Box>
  );
}
