// The records pages' search: the search machine with the page's folder, rendered by ui/records.
// While a search is shown the page's list steps aside (the caller hides it when `active`).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  recordSearchMachine,
  selectSearchError,
  selectSearchFilters,
  selectSearchHasMore,
  selectSearchHits,
  selectSearchStatus,
  selectSearchText,
} from '../../machines/records/recordSearch.machine';
import type { RecordScope } from '../../machines/records/recordList.types';
import { RecordSearch, type SearchHitView } from '../../ui/records/RecordSearch';
import { transcriptPath } from './transcript-path';
import { isDubRecord, recordPath } from '../../shared/contract/record';

/** The transcript at a hit's line: the player starts at its time and the line is scrolled to. A dubbing task opens in the dub editor. */
export function hitPath(hit: SearchHitView): string {
  if (isDubRecord(hit.record)) return recordPath(hit.record);
  const base = transcriptPath(hit.record.id);
  return hit.line ? `${base}&t=${hit.line.startMs}&line=${encodeURIComponent(hit.line.id)}` : base;
}

export function useRecordSearch(scope: RecordScope, folderId: string | null): { active: boolean; element: ReactNode } {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const actor = useActorRef(recordSearchMachine, { input: { folderId, favoriteOnly: scope === 'favourite' } });
  const status = useSelector(actor, selectSearchStatus);
  const text = useSelector(actor, selectSearchText);
  const hits = useSelector(actor, selectSearchHits);
  const hasMore = useSelector(actor, selectSearchHasMore);
  const filters = useSelector(actor, selectSearchFilters);
  const error = useSelector(actor, selectSearchError);

  useEffect(() => actor.send({ type: 'search.folderChanged', folderId }), [actor, folderId]);

  const errorText = error.errorMessage ?? (error.errorKey ? t(error.errorKey) : undefined);
  // Built again only when the search changes: the records page renders with every list change, and
  // the search box is Chakra's (issue 27).
  const element = useMemo(
    () => (
      <RecordSearch
        text={text}
        status={status}
        hits={hits}
        hasMore={hasMore}
        filters={filters}
        showFolderFilter={scope === 'all' && folderId !== null}
        showFavouriteFilter={scope !== 'favourite'}
        errorText={errorText}
        hrefOf={hitPath}
        onType={(value) => actor.send({ type: 'search.typed', text: value })}
        onClear={() => actor.send({ type: 'search.cleared' })}
        onFilters={(next) => actor.send({ type: 'search.filtersChanged', ...next })}
        onMore={() => actor.send({ type: 'search.more' })}
        onRetry={() => actor.send({ type: 'search.retry' })}
        onOpen={(hit) => navigate(hitPath(hit))}
      />
    ),
    [text, status, hits, hasMore, filters, scope, folderId, errorText, actor, navigate],
  );
  return { active: status !== 'idle', element };
}
