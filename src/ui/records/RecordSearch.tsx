// The search box of the records pages and its results: each hit is a record with the matching line
// (terms marked) or a record whose name matches; a hit links to the transcript at the line's time.
import { Box, Button, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordView } from '../../shared/contract/record';
import { formatOffset } from './format';

export interface SearchHitView {
  record: RecordView;
  line: { id: string; index: number; startMs: number; endMs: number; text: string } | null;
  marks: Array<{ start: number; end: number }>;
}

export type SearchStatusView = 'idle' | 'waiting' | 'searching' | 'showing' | 'loadingMore' | 'failed';

export interface RecordSearchProps {
  text: string;
  status: SearchStatusView;
  hits: SearchHitView[];
  hasMore: boolean;
  filters: { inFolderOnly: boolean; favoriteOnly: boolean };
  /** Offered on a folder's page only. */
  showFolderFilter: boolean;
  /** Not offered on the favourites page, which searches favourites only. */
  showFavouriteFilter: boolean;
  errorText?: string | undefined;
  hrefOf(hit: SearchHitView): string;
  onType(text: string): void;
  onClear(): void;
  onFilters(filters: { inFolderOnly: boolean; favoriteOnly: boolean }): void;
  onMore(): void;
  onRetry(): void;
  /** A plain click on a hit: open it in the app. */
  onOpen(hit: SearchHitView): void;
}

/** The text with the marked ranges in <mark>; ranges are sorted and do not overlap (server rule). */
export function markedText(text: string, marks: SearchHitView['marks']): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of marks) {
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} data-testid="search-mark">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

export function RecordSearch(props: RecordSearchProps) {
  const { t } = useTranslation('records');
  const active = props.status !== 'idle';
  return (
    <Box mb="3" data-testid="records-search">
      <HStack gap="3" flexWrap="wrap">
        <Input
          type="search"
          size="sm"
          maxW="md"
          value={props.text}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          onChange={(event) => props.onType(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') props.onClear();
          }}
          data-testid="records-search-input"
        />
        {props.text !== '' && (
          <Button size="sm" variant="ghost" onClick={props.onClear} data-testid="records-search-clear">
            {t('search.clear')}
          </Button>
        )}
        {props.showFolderFilter && (
          <FilterBox
            checked={props.filters.inFolderOnly}
            label={t('search.inFolderOnly')}
            testId="records-search-folder"
            onChange={(inFolderOnly) => props.onFilters({ ...props.filters, inFolderOnly })}
          />
        )}
        {props.showFavouriteFilter && (
          <FilterBox
            checked={props.filters.favoriteOnly}
            label={t('search.favouritesOnly')}
            testId="records-search-favourites"
            onChange={(favoriteOnly) => props.onFilters({ ...props.filters, favoriteOnly })}
          />
        )}
        {(props.status === 'waiting' || props.status === 'searching') && <Spinner size="sm" aria-label={t('search.searching')} />}
      </HStack>
      {active && <Results {...props} />}
    </Box>
  );
}

function FilterBox({ checked, label, testId, onChange }: { checked: boolean; label: string; testId: string; onChange(checked: boolean): void }) {
  return (
    // A native checkbox: keyboard, screen readers and form tests treat it as one without extra wiring.
    <HStack as="label" gap="1.5" fontSize="sm" cursor="pointer">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
      {label}
    </HStack>
  );
}

function Results(props: RecordSearchProps) {
  const { t } = useTranslation('records');
  if (props.status === 'failed') {
    return (
      <HStack mt="2" gap="3">
        <Text fontSize="sm" color="red.600" data-testid="records-search-error">
          {props.errorText ?? t('search.failed')}
        </Text>
        <Button size="xs" variant="outline" onClick={props.onRetry}>
          {t('search.retry')}
        </Button>
      </HStack>
    );
  }
  if (props.status === 'showing' && props.hits.length === 0) {
    return (
      <Text mt="2" fontSize="sm" color="fg.muted" data-testid="records-search-empty">
        {t('search.noResults', { query: props.text.trim() })}
      </Text>
    );
  }
  return (
    <Stack as="ul" role="list" aria-label={t('search.results')} gap="1" mt="2" listStyleType="none" data-testid="records-search-results">
      {props.hits.map((hit) => (
        <HitRow key={hit.line ? `${hit.record.id}:${hit.line.id}` : hit.record.id} hit={hit} {...props} />
      ))}
      {props.errorText && (
        <Text as="li" fontSize="sm" color="red.600">
          {props.errorText}
        </Text>
      )}
      {props.hasMore && (
        <Box as="li">
          <Button size="xs" variant="ghost" loading={props.status === 'loadingMore'} onClick={props.onMore} data-testid="records-search-more">
            {t('search.more')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function HitRow({ hit, hrefOf, onOpen }: { hit: SearchHitView } & RecordSearchProps) {
  const { t } = useTranslation('records');
  // A modified or middle click keeps the browser's own behaviour (new tab, new window).
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(hit);
  };
  const time = hit.line ? formatOffset(hit.line.startMs) : null;
  return (
    <Box as="li" borderWidth="1px" rounded="md" _hover={{ bg: 'bg.muted' }}>
      <a
        href={hrefOf(hit)}
        onClick={onClick}
        style={{ display: 'block', padding: '6px 10px' }}
        aria-label={time ? t('search.openAt', { name: hit.record.showName, time }) : hit.record.showName}
        data-testid="records-search-hit"
      >
        <Text fontSize="sm" fontWeight="semibold" truncate>
          {hit.line ? hit.record.showName : markedText(hit.record.showName, hit.marks)}
          {!hit.line && (
            <Text as="span" ms="2" fontSize="xs" color="fg.muted" fontWeight="normal">
              {t('search.nameMatch')}
            </Text>
          )}
        </Text>
        {hit.line && (
          <Text fontSize="sm" color="fg.muted" data-testid="records-search-line">
            <Text as="span" me="2" fontFamily="mono" fontSize="xs">
              {time}
            </Text>
            {markedText(hit.line.text, hit.marks)}
          </Text>
        )}
      </a>
    </Box>
  );
}
