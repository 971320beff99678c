// One record of the list view as a grid row (records or shares columns), and the parts the card
// view shares with it: the selection box, the name (a real link) or its rename field, the languages.
import { Box, Button, Grid, Text } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordActions } from './RecordActions';
import { Cover, FavouriteButton, RenameField, StateWithReason, stateLabel, type RecordView } from './RecordCells';
import { Cell, DISPLAY, type ColumnTemplates } from './RecordListColumns';
import type { RecordListViewProps } from './record-list-props';
import { formatDateTime, formatDuration, speakerCount } from './format';

function Times({ record }: { record: RecordView }) {
  return (
    <Box lineHeight="short" fontSize="xs">
      <div>{formatDateTime(record.createTime)}</div>
      <div>{formatDateTime(record.updateTime)}</div>
    </Box>
  );
}

/** Source language above, translation (or 'No translation') below: two short lines fit the column. */
function Languages({ record, none }: { record: RecordView; none: string }) {
  const source = record.languages.join(', ') || '—';
  const target = record.targetLanguages.length ? `→ ${record.targetLanguages.join(', ')}` : none;
  return (
    <Box lineHeight="short" title={languagesOf(record, none)}>
      <div>{source}</div>
      <div>{target}</div>
    </Box>
  );
}

export function languagesOf(record: RecordView, none: string): string {
  const source = record.languages.join(', ') || '—';
  return record.targetLanguages.length ? `${source} → ${record.targetLanguages.join(', ')}` : `${source} · ${none}`;
}

export type ItemProps = RecordListViewProps & { record: RecordView };

export function SelectBox({ record, selectedIds, onToggleSelect }: ItemProps) {
  const { t } = useTranslation('records');
  return (
    <input
      type="checkbox"
      checked={selectedIds.includes(record.id)}
      onChange={() => onToggleSelect(record.id)}
      aria-label={t('selectRecord', { name: record.showName })}
      data-testid={`record-select-${record.id}`}
      style={{ width: 16, height: 16, accentColor: 'var(--chakra-colors-brand-500)' }}
    />
  );
}

export function NameOrEditor({ record, editingId, renameErrorText, onRenameSubmit, onRenameCancel, hrefOf, onOpen }: ItemProps) {
  if (editingId === record.id) {
    return <RenameField record={record} errorText={renameErrorText} onSubmit={(title) => onRenameSubmit(record.id, title)} onCancel={onRenameCancel} />;
  }
  // A modified or middle click keeps the browser's own behaviour (new tab, new window).
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(record.id);
  };
  // Titles are text nodes, never HTML.
  return (
    <Text asChild fontWeight="medium" truncate display="block" color="fg" _hover={{ color: 'brand.fg', textDecoration: 'underline' }}>
      <a href={hrefOf(record)} onClick={onClick} title={record.showName} data-testid={`record-name-${record.id}`}>
        {record.showName}
      </a>
    </Text>
  );
}

export function ListRow(props: ItemProps & { template: ColumnTemplates }) {
  const { record, variant, template } = props;
  const { t } = useTranslation('records');
  const speakers = speakerCount(record.speaker);
  const selected = props.selectedIds.includes(record.id);
  return (
    <Grid
      templateColumns={template}
      gap="2"
      px="3"
      h="full"
      alignItems="center"
      borderBottomWidth="1px"
      bg={selected ? 'brand.subtle' : undefined}
      data-testid={`record-row-${record.id}`}
    >
      <SelectBox {...props} />
      <Cover record={record} size="36px" />
      <Box minW="0">
        <NameOrEditor {...props} />
        {/* Phones: state, duration and date under the name; the pieces wrap whole, never cut. */}
        <Box display={{ base: 'flex', md: 'none' }} flexWrap="wrap" columnGap="1.5" fontSize="xs" lineHeight="1.25" color="fg.muted" data-cell="meta">
          <Text as="span" whiteSpace="nowrap">{stateLabel(t, record)}</Text>
          <Text as="span" whiteSpace="nowrap">· {formatDuration(record.duration ?? record.audioDuration)}</Text>
          <Text as="span" whiteSpace="nowrap">· {formatDateTime(record.createTime)}</Text>
        </Box>
      </Box>
      {variant === 'records' ? (
        <>
          <Cell level="md" cell="state">
            <StateWithReason record={record} onRetry={props.onRetry && (() => props.onRetry?.(record.id))} retrying={props.retryingId === record.id} />
          </Cell>
          <Cell level="xl" cell="languages" small>
            <Languages record={record} none={t('noTargetLanguage')} />
          </Cell>
          <Cell level="xl" cell="speakers">{speakers === null ? t('speakersOff') : t('speakersCount', { count: speakers })}</Cell>
          <Cell level="md" cell="duration">{formatDuration(record.duration ?? record.audioDuration)}</Cell>
          <Cell level="md" cell="times">
            <Times record={record} />
          </Cell>
          <Cell level="xl" cell="folder" small>
            <span title={record.folderName ?? ''}>{record.folderName ?? '—'}</span>
          </Cell>
        </>
      ) : (
        <ShareCells {...props} />
      )}
      {variant === 'records' ? (
        <FavouriteButton record={record} onToggle={() => props.onFavourite(record.id)} />
      ) : (
        <Button size="xs" variant="ghost" color="fg.error" onClick={() => props.onRevoke?.(record.id)} aria-label={t('revoke')} title={t('revoke')} data-testid={`record-revoke-${record.id}`}>
          ⨯
        </Button>
      )}
      <RecordActions recordId={record.id} name={record.showName} onAction={(action) => props.onAction(record.id, action)} />
    </Grid>
  );
}

function ShareCells({ record, shareUrlOf, onCopyLink }: ItemProps) {
  const { t } = useTranslation('records');
  const url = shareUrlOf?.(record) ?? '';
  return (
    <>
      <Cell level="xl">
        <StateWithReason record={record} />
      </Cell>
      <Box display={DISPLAY.md} minW="0">
        <Box display="flex" alignItems="center" gap="1">
          <Text fontSize="xs" color="fg.muted" truncate title={url} data-testid={`record-share-link-${record.id}`}>
            {url}
          </Text>
          <Button size="2xs" variant="outline" onClick={() => onCopyLink?.(record.id)} data-testid={`record-copy-link-${record.id}`}>
            {t('copyLink')}
          </Button>
        </Box>
      </Box>
      <Cell level="xl">{record.copyStatus === '1' ? t('copyAllowed') : t('copyNotAllowed')}</Cell>
      <Cell level="md">{record.shareExpireTime ? formatDateTime(record.shareExpireTime) : t('sharedForever')}</Cell>
      <Cell level="xl">
        <Times record={record} />
      </Cell>
    </>
  );
}
