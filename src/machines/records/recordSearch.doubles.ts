// A search double for the search machine's tests and path model: answers like the server (name and
// line hits, pages, filters) from a fixed set of hits, at most DOUBLE_PAGE a page so paging shows;
// a query starting with 'fail' is refused, one ending with '!' is refused from page 2 on.
import { fromPromise } from 'xstate';
import type { SearchPage, SearchRecordsQuery } from '../../api/records/search-records';
import { fakeRecord } from './recordList.doubles';
import type { SearchHit } from './recordSearch.machine';

export const SEARCH_REFUSED = { kind: 'business', code: 500, message: 'search refused' };

export function fakeHit(index: number, text = `Line ${index} about the budget`): SearchHit {
  const record = fakeRecord(index, { folderId: index % 2 === 0 ? 'f1' : '1', favorite: index % 3 === 0 });
  const at = text.toLowerCase().indexOf('budget');
  return {
    record,
    line: { id: `l${index}`, index: index % 5, startMs: index * 1000, endMs: index * 1000 + 900, text },
    marks: at >= 0 ? [{ start: at, end: at + 6 }] : [],
  };
}

const HITS = Array.from({ length: 5 }, (_, i) => fakeHit(i + 1));

export const DOUBLE_PAGE = 3;

export const refusesPage = (q: string, pageNum: number) => q.startsWith('fail') || (q.endsWith('!') && pageNum > 1);

export function answerSearch(query: SearchRecordsQuery): SearchPage {
  if (refusesPage(query.q, query.pageNum ?? 1)) throw SEARCH_REFUSED;
  const words = query.q.replace(/!$/, '').toLowerCase();
  const matching = HITS.filter(
    (hit) =>
      hit.line!.text.toLowerCase().includes(words) &&
      (!query.folderId || hit.record.folderId === query.folderId) &&
      (query.favorite !== '1' || hit.record.favorite),
  );
  const size = Math.min(query.pageSize ?? 20, DOUBLE_PAGE);
  const start = ((query.pageNum ?? 1) - 1) * size;
  return { rows: matching.slice(start, start + size), hasMore: matching.length > start + size };
}

export const searchDouble = fromPromise<SearchPage, SearchRecordsQuery>(async ({ input }) => answerSearch(input));
