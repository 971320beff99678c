// /vocabulary (features §2, §3): a tab per kind with its count, and the kind's libraries as a table
// (name, language(s), entry count, create time, default switch) with open, rename and delete.
import { Box, Button, HStack, Spinner, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TabSwitch, tabSwitchTabId } from '../common/TabSwitch';
import { kindHasTranslationLanguage } from '../../shared/contract/vocabulary-kinds';
import { ErrorLine } from './ErrorLine';
import { KIND_NAMES, languageName, type KindName, type LibraryRow, type ShownError } from './vocabulary-view-types';

export interface LibraryListViewProps {
  kind: KindName;
  counts: Record<KindName, number>;
  rows: LibraryRow[];
  stage: 'loading' | 'failed' | 'shown';
  page: number;
  pages: number;
  /** A failure of the list itself (the dialogs show their own). */
  error: ShownError | null;
  busyDefaultId: string | null;
  onKind(kind: KindName): void;
  onPage(page: number): void;
  onRetry(): void;
  onCreate(): void;
  onOpen(library: LibraryRow): void;
  onRename(library: LibraryRow): void;
  onDelete(library: LibraryRow): void;
  onDefault(library: LibraryRow): void;
}

const PANEL_ID = 'vocabulary-kind-panel';

/** The server's time as a local date and time in the interface language (as sent when it is not a time). */
export function formatTime(value: string, locale: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

export function LibraryListView(props: LibraryListViewProps) {
  const { t, i18n } = useTranslation('vocabulary');
  const languagesOf = (row: LibraryRow) =>
    [row.language, row.translationLanguage].filter((code): code is string => Boolean(code)).map((code) => languageName(code, i18n.language)).join(' → ');
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <TabSwitch
          value={props.kind}
          label={t('kindTabs')}
          idPrefix="vocabulary-kind"
          panelId={PANEL_ID}
          options={KIND_NAMES.map((kind) => ({
            value: kind,
            label: t('kindCount', { kind: t(`kind.${kind}`), count: props.counts[kind] }),
            testId: `vocabulary-tab-${kind}`,
          }))}
          onChange={props.onKind}
        />
        <Button colorPalette="brand" onClick={props.onCreate} data-testid="library-create">
          {t('create')}
        </Button>
      </HStack>
      <Box id={PANEL_ID} role="tabpanel" aria-labelledby={tabSwitchTabId('vocabulary-kind', props.kind)} data-testid="library-list">
        <Text fontSize="sm" color="fg.muted" mb="2">
          {t('defaultHint')}
        </Text>
        {props.stage === 'loading' && props.rows.length === 0 && <Spinner aria-label={t('common:loading')} />}
        {props.stage === 'failed' && (
          <Stack align="start">
            <ErrorLine error={props.error} testId="library-list-error" />
            <Button size="sm" variant="outline" onClick={props.onRetry} data-testid="library-retry">
              {t('retry')}
            </Button>
          </Stack>
        )}
        {props.stage === 'shown' && props.rows.length === 0 && (
          <Text color="fg.muted" data-testid="library-empty">
            {t('empty')}
          </Text>
        )}
        {props.rows.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('col.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{kindHasTranslationLanguage(props.kind) ? t('col.languages') : t('col.language')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('col.words')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('col.created')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('col.default')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('col.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {props.rows.map((row) => (
                  <Table.Row key={row.id} data-testid="library-row" data-library-id={row.id}>
                    <Table.Cell>
                      <Button variant="plain" colorPalette="brand" px="0" onClick={() => props.onOpen(row)} data-testid="library-open">
                        {row.name}
                      </Button>
                    </Table.Cell>
                    <Table.Cell>{languagesOf(row) || '—'}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="library-word-count">
                      {row.wordCount}
                    </Table.Cell>
                    <Table.Cell>{formatTime(row.createTime, i18n.language)}</Table.Cell>
                    <Table.Cell>
                      <Switch.Root
                        colorPalette="brand"
                        checked={row.isDefault ?? false}
                        disabled={props.busyDefaultId !== null}
                        onCheckedChange={() => props.onDefault(row)}
                        data-testid="library-default"
                      >
                        <Switch.HiddenInput aria-label={t('defaultToggle', { name: row.name })} />
                        <Switch.Control />
                      </Switch.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1">
                        <Button size="xs" variant="ghost" onClick={() => props.onRename(row)} data-testid="library-rename">
                          {t('rename')}
                        </Button>
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => props.onDelete(row)} data-testid="library-delete">
                          {t('delete')}
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {props.pages > 1 && (
          <HStack mt="3" gap="2" justify="end">
            <Button size="sm" variant="outline" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)} data-testid="library-prev">
              {t('previousPage')}
            </Button>
            <Text fontSize="sm">{t('pageOf', { page: props.page, pages: props.pages })}</Text>
            <Button size="sm" variant="outline" disabled={props.page >= props.pages} onClick={() => props.onPage(props.page + 1)} data-testid="library-next">
              {t('nextPage')}
            </Button>
          </HStack>
        )}
      </Box>
    </Stack>
  );
}
