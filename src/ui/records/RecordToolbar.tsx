import { Box, Button, Input, Menu, Portal, Text } from '@chakra-ui/react';
import { useState, type ButtonHTMLAttributes, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type SortColumn = 'create_time' | 'update_time' | 'show_name';
import { EXPORT_FORMATS as EXPORT_FORMAT_CHOICES, type ExportFormat } from '../../shared/contract/transcript';
import './record-toolbar.css';
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
    <div className="tb-stack" data-testid="record-toolbar">
      <div className="tb-line">
        <h1 className="tb-title">{props.title}</h1>
        <p className="tb-muted" data-testid="record-total">
          {t('totalCount', { count: props.total })}
        </p>
        {props.onNewFolder && (
          <button type="button" className="tb-button" data-variant="outline" onClick={props.onNewFolder} data-testid="folder-add" aria-label={t('newFolder')} title={t('newFolder')}>
            + {t('newFolder')}
          </button>
        )}
        <div className="tb-spacer" />
        <div className="tb-segments" role="group" aria-label={t('viewMode')}>
          {(['list', 'card'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="tb-button"
              data-variant={props.viewMode === mode ? 'solid' : 'ghost'}
              aria-pressed={props.viewMode === mode}
              onClick={() => props.onViewMode(mode)}
              data-testid={`record-view-${mode}`}
            >
              {mode === 'list' ? t('viewList') : t('viewCard')}
            </button>
          ))}
        </div>
        <div className="tb-select">
          <select
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
          </select>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
        <button
          type="button"
          className="tb-button"
          data-variant={filterOpen ? 'subtle' : 'outline'}
          aria-expanded={filterOpen}
          onClick={() => setFilterOpen((open) => !open)}
          data-testid="record-filter-toggle"
        >
          {t('filterToggle')}
        </button>
      </div>
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
      <div className="tb-line" data-wide="">
        <label className="tb-check">
          <input type="checkbox" checked={props.allSelected} onChange={props.onToggleAll} data-testid="record-select-all" />
          <span className="tb-sm">{t('selectAll')}</span>
        </label>
        {!none && (
          <p className="tb-muted" data-testid="record-selected-count">
            {t('selectedCount', { count: props.selectedCount })}
          </p>
        )}
        <button
          type="button"
          className="tb-button"
          data-variant="outline"
          data-palette="red"
          disabled={none || props.busy}
          onClick={props.onDeleteSelected}
          data-testid="record-delete-selected"
        >
          {t('deleteSelected')}
        </button>
        <ExportMenu disabled={none || props.busy} onExport={props.onExportSelected} />
      </div>
    </div>
  );
}

/**
 * 'Export selected ▾': a plain button until first used, then Chakra's menu, mounted open as the tap
 * meant (a menu machine built with the page for a button that starts disabled; issue 27).
 */
function ExportMenu({ disabled, onExport }: { disabled: boolean; onExport(format: ExportFormat): void }) {
  const { t } = useTranslation('records');
  const [used, setUsed] = useState(false);
  const trigger = (extra: ButtonHTMLAttributes<HTMLButtonElement>) => (
    <button type="button" className="tb-button" data-variant="outline" disabled={disabled} data-testid="record-export-selected" {...extra}>
      {t('exportSelected')} ▾
    </button>
  );
  if (!used) {
    const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      setUsed(true);
    };
    return trigger({ 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setUsed(true), onKeyDown });
  }
  return (
    <Menu.Root lazyMount unmountOnExit defaultOpen onSelect={(details) => onExport(details.value as ExportFormat)}>
      <Menu.Trigger asChild>{trigger({})}</Menu.Trigger>
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
  );
}
