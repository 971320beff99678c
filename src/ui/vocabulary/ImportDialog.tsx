// Excel import (features §3, §5): choose one file (or drop it), see what the server's preview
// found row by row, then confirm; the template of the kind downloads from here too.
import { Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';
import { ErrorLine } from './ErrorLine';
import type { KindName, ShownError } from './vocabulary-view-types';

export interface ImportPreviewView {
  total: number;
  valid: number;
  rows: Array<{ row: number; source?: string | null; target?: string | null; problems: string[] }>;
}

export interface ImportDialogProps {
  open: boolean;
  kind: KindName;
  phase: 'choosing' | 'downloadingTemplate' | 'exporting' | 'previewing' | 'previewed' | 'importing' | 'done';
  rowCap: number;
  fileName: string | null;
  preview: ImportPreviewView | null;
  canConfirm: boolean;
  imported: number;
  error: ShownError | null;
  onFiles(files: File[]): void;
  onConfirm(): void;
  onReset(): void;
  onTemplate(): void;
  onClose(): void;
}

export function ImportDialog(props: ImportDialogProps) {
  const { t } = useTranslation('vocabulary');
  const input = useRef<HTMLInputElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = props.phase === 'previewing' || props.phase === 'importing';
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) props.onFiles([...event.dataTransfer.files]);
  };
  return (
    <DialogFrame
      open={props.open}
      title={t('importTitle')}
      testId="import-dialog"
      widthPx={640}
      onClose={props.onClose}
      keepOnOutsideClick={busy}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose} data-testid="import-close">
            {t('close')}
          </Button>
          {props.phase === 'previewed' && (
            <Button colorPalette="brand" disabled={!props.canConfirm} onClick={props.onConfirm} data-testid="import-confirm">
              {t('confirmImport', { count: props.preview?.valid ?? 0 })}
            </Button>
          )}
          {props.phase === 'importing' && (
            <Button colorPalette="brand" loading data-testid="import-confirm">
              {t('importing')}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm">{t('importHint', { rows: props.rowCap })}</Text>
        <Box
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'brand.fg' : 'border'}
          rounded="md"
          p="4"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="import-drop"
        >
          <HStack gap="3" wrap="wrap">
            <Button size="sm" colorPalette="brand" variant="outline" disabled={busy} onClick={() => input.current?.click()} data-testid="import-choose">
              {props.phase === 'previewed' || props.phase === 'done' ? t('importAnother') : t('chooseFile')}
            </Button>
            <Button size="sm" variant="ghost" loading={props.phase === 'downloadingTemplate'} disabled={busy} onClick={props.onTemplate} data-testid="import-template">
              {t('template')}
            </Button>
            {props.fileName && <Text fontSize="sm" data-testid="import-file-name">{props.fileName}</Text>}
          </HStack>
          <input
            ref={input}
            type="file"
            hidden
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-file-input"
            aria-label={t('chooseFile')}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              // The same file chosen again after fixing it must still report a change.
              event.target.value = '';
              if (files.length) props.onFiles(files);
            }}
          />
        </Box>
        {props.phase === 'previewing' && (
          <HStack>
            <Spinner size="sm" />
            <Text fontSize="sm">{t('previewing')}</Text>
          </HStack>
        )}
        {props.preview && props.phase !== 'done' && (
          <Stack gap="2" data-testid="import-preview">
            <Text fontSize="sm" fontWeight="medium" data-testid="import-summary">
              {t('previewSummary', { valid: props.preview.valid, total: props.preview.total })}{' '}
              {props.preview.rows.length === 0 ? t('previewClean') : t('previewProblems')}
            </Text>
            {props.preview.rows.length > 0 && (
              <Table.ScrollArea maxH="40vh" borderWidth="1px" rounded="md">
                <Table.Root size="sm" stickyHeader>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('col.row')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t(`source.${props.kind}`)}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('col.problems')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {props.preview.rows.map((row) => (
                      <Table.Row key={row.row} data-testid="import-problem-row">
                        <Table.Cell>{row.row}</Table.Cell>
                        <Table.Cell maxW="16rem" truncate>
                          {[row.source, row.target].filter(Boolean).join(' → ')}
                        </Table.Cell>
                        <Table.Cell>{row.problems.map((problem) => t(`problem.${problem}`, { defaultValue: problem })).join(', ')}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
        )}
        {props.phase === 'done' && (
          <Text role="status" color="fg.success" data-testid="import-done">
            {t('imported', { count: props.imported })}
          </Text>
        )}
        <ErrorLine error={props.error} testId="import-error" />
      </Stack>
    </DialogFrame>
  );
}
