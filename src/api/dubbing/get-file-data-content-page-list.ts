// POST /speech/video/transcribe/getFileDataContentPageList (dubbingGetFileDataContentPageList) —
// one page of a dubbing task's subtitle lines. Checked.
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { components, operations } from '../schema';

export type DubLinePageQuery = operations['dubbingGetFileDataContentPageList']['requestBody']['content']['application/json'];
export type DubLinePage = components['schemas']['SubtitleLinePage'];

export async function getDubLinePage(query: DubLinePageQuery, signal?: AbortSignal): Promise<DubLinePage> {
  return required(
    unwrap(
      await api.call((client, s) => client.POST('/speech/video/transcribe/getFileDataContentPageList', { body: query, signal: s }), signal ? { signal } : {}),
    ),
  );
}

export const DUB_LINE_PAGE_SIZE = 1000;
const PAGES_IN_FLIGHT = 3;

/**
 * Every line of the task: the first page tells how many there are, the rest are read a few pages at
 * a time (a 4-hour video has thousands of lines; the contract caps a page at 1,000).
 */
export async function getAllDubLines(id: string, lang?: string, signal?: AbortSignal): Promise<DubLinePage['rows']> {
  const page = (pageNum: number) => getDubLinePage({ id, ...(lang ? { lang } : {}), pageNum, pageSize: DUB_LINE_PAGE_SIZE }, signal);
  const first = await page(1);
  const pageCount = Math.ceil(first.total / DUB_LINE_PAGE_SIZE);
  const rest: Array<DubLinePage['rows']> = new Array(Math.max(0, pageCount - 1));
  let nextPage = 2;
  const worker = async () => {
    while (nextPage <= pageCount) {
      const pageNum = nextPage++;
      rest[pageNum - 2] = (await page(pageNum)).rows;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, rest.length) }, worker));
  return first.rows.concat(...rest);
}
