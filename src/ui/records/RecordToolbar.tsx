import { Box, Button, Input, Menu, NativeSelect, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SortColumn = 'create_time' | 'update_time' | 'show_name';
import { EXPORT_FORMATS as EXPORT_FORMAT_CHOICES, type ExportFormat } from '../../shared/contract/transcript';
export type { ExportFormat };

const SORTS: ReadonlyArray<{ column: SortColumn; ascending: boolean }> = [
  { column: 'create_time', ascending: false },
  { column: 'create_time', ascending: true },
  { column: 'update_time', ascending: false },
  { column: 'update_time', ascending: true },
  { column: 'show_name', ascending: true },
  { column: 'show_name', ascending: false },
];
const sortKey = (sort: { column: SortColumn; ascending: boolean }) => `${sort.column}-${sort.ascending ? 'ascending' : 'descending'}`;

export interface RecordToolbarProps {
  title: string;
  total: number;
  viewMode: 'list' | 'card';
  sort: { column: SortColumn; ascending: boolean };
  filter: { beginDate: string | null; endDate: string | null };
  filterErrorText?: string | undefined;
  selectedCount: number;
  allSelected: boolean;
  busy: boolean;
  /** The plus button (records page only) adds a folder. */
  onNewFolder?: () => void;
  onViewMode(mode: 'list' | 'card'): void;
  onSort(sort: { column: SortColumn; ascending: boolean }): void;
  onFilter(filter: { beginDate: string | null; endDate: string | null }): void;
  onToggleAll(): void;
  onDeleteSelected(): void;
  onExportSelected(format: ExportFormat): void;
}

export function RecordToolbar(props: RecordToolbarProps) {
  const { t } = useTranslation('records');
  const [filterOpen, setFilterOpen] = useState(Boolean(props.filter.beginDate || props.filter.endDate));
  const [begin, setBegin] = useState(props.filter.beginDate ?? '');
  const [end, setEnd] = useState(props.filter.endDate ?? '');
  const none = props.selectedCount === 0;
  return (
    <Box display="flex" flexDirection="column" gap="3" mb="3" data-testid="record-toolbar">
      <Box display="flex" alignItems="center" gap="2" flexWrap="wrap">
        <Text as="h1" fontSize="xl" fontWeight="semibold" me="1">
          {props.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="record-total">
          {t('totalCount', { count: props.total })}
        </Text>
        {props.onNewFolder && (
          <Button size="sm" variant="outline" onClick={props.onNewFolder} data-testid="folder-add" aria-label={t('newFolder')} title={t('newFolder')}>
            + {t('newFolder')}
          </Button>
        )}
        <Box flex="1" />
        <Box display="flex" borderWidth="1px" borderRadius="md" overflow="hidden" role="group" aria-label={t('viewMode')}>
          {(['list', 'card'] as const).map((mode) => (
            <Button
              key={mode}
              size="sm"
              borderRadius="0"
              variant={props.viewMode === mode ? 'solid' : 'ghost'}
              colorPalette={props.viewMode === mode ? 'brand' : undefined}
              aria-pressed={props.viewMode === mode}
              onClick={() => props.onViewMode(mode)}
              data-testid={`record-view-${mode}`}
            >
              {mode === 'list' ? t('viewList') : t('viewCard')}
            </Button>
          ))}
        </Box>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t('sortLabel')}
            value={sortKey(props.sort)}
            data-testid="record-sort"
            onChange={(event) => {
              const chosen = SORTS.find((sort) => sortKey(sort) === event.target.value);
              if (chosen) props.onSort(chosen);
            }}
          >
            {SORTS.map((sort) => (
              <option key={sortKey(sort)} value={sortKey(sort)}>
                {t(`sort.${sortKey(sort)}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant={filterOpen ? 'subtle' : 'outline'} aria-expanded={filterOpen} onClick={() => setFilterOpen((open) => !open)} data-testid="record-filter-toggle">
          {t('filterToggle')}
        </Button>
      </Box>
      {filterOpen && (
        <Box
          as="form"
          display="flex"
          alignItems="end"
          gap="2"
          flexWrap="wrap"
          data-testid="record-filter"
          onSubmit={(event) => {
            event.preventDefault();
            props.onFilter({ beginDate: begin || null, endDate: end || null });
          }}
        >
          <label>
            <Text fontSize="xs" color="fg.muted">
              {t('filterFrom')}
            </Text>
            <Input size="sm" type="date" value={begin} onChange={(event) => setBegin(event.target.value)} data-testid="record-filter-from" />
          </label>
          <label>
            <Text fontSize="xs" color="fg.muted">
              {t('filterTo')}
            </Text>
            <Input size="sm" type="date" value={end} onChange={(event) => setEnd(event.target.value)} data-testid="record-filter-to" />
          </label>
          <Button size="sm" type="submit" colorPalette="brand" data-testid="record-filter-apply">
            {t('filterApply')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setBegin('');
              setEnd('');
              props.onFilter({ beginDate: null, endDate: null });
            }}
          >
            {t('filterClear')}
          </Button>
          {props.filterErrorText && (
            <Text role="alert" fontSize="sm" color="fg.error" data-testid="record-filter-error">
              {props.filterErrorText}
            </Text>
          )}
        </Box>
      )}
      <Box display="flex" alignItems="center" gap="3" flexWrap="wrap">
        <label style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <input
            type="checkbox"
            checked={props.allSelected}
            onChange={props.onToggleAll}
            data-testid="record-select-all"
            style={{ width: 16, height: 16, accentColor: 'var(--chakra-colors-brand-500)' }}
          />
          <Text as="span" fontSize="sm">
            {t('selectAll')}
          </Text>
        </label>
        {!none && (
          <Text fontSize="sm" color="fg.muted" data-testid="record-selected-count">
            {t('selectedCount', { count: props.selectedCount })}
          </Text>
        )}
        <Button size="sm" variant="outline" colorPalette="red" disabled={none || props.busy} onClick={props.onDeleteSelected} data-testid="record-delete-selected">
          {t('deleteSelected')}
        </Button>
        <Menu.Root lazyMount unmountOnExit onSelect={(details) => props.onExportSelected(details.value as ExportFormat)}>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" disabled={none || props.busy} data-testid="record-export-selected">
              {t('exportSelected')} ▾
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {EXPORT_FORMAT_CHOICES.map((format) => (
                  <Menu.Item key={format} value={format} data-testid={`record-export-${format}`}>
                    {t('exportAs', { format: format.toUpperCase() })}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Box>
    </Box>
  );
}
