// Rendering the record list in list view in Debian's chromium: the rows are virtualised, so the
// DOM must stay under 1,400 nodes however many records the user has. 10,000 records are seeded
// for one user, the list is scrolled to the very end (every page loaded), and the largest node
// count seen is printed next to the count for 100 records (the baseline).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { systemClock } from '../server/src/clock';
import type { RecordRow } from '../server/src/db/schema';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { startTestServer } from '../server/src/testing/start-test-server';
import { launchChromium } from '../tests/e2e/support/browser';

const LARGE = 10_000;
const SMALL = 100;
const DOM_LIMIT = 1_400;
const BATCH = 500;
const SCROLL_ROUNDS_MAX = 2_000;

function recordRow(userId: string, index: number): RecordRow {
  const at = new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    folder_id: null,
    show_name: `Record ${String(index).padStart(5, '0')}`,
    kind: 'upload',
    state: index % 7 === 0 ? 'translation_completed' : 'transcription_completed',
    languages: '["en-US"]',
    target_languages: index % 7 === 0 ? '["zh-CN"]' : '[]',
    speaker: null,
    duration_ms: 60_000 + index,
    audio_duration_ms: 60_000 + index,
    video_cover: null,
    favorite: index % 10 === 0 ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
}

const countNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

/** Scrolls the list's own scroller to the end until every record is rendered once; answers the largest node count. */
async function scrollToEnd(page: Page, expected: number): Promise<{ maxNodes: number; rounds: number }> {
  let maxNodes = await countNodes(page);
  for (let round = 1; round <= SCROLL_ROUNDS_MAX; round++) {
    const done = await page.evaluate((total) => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="record-list-scroller"]')!;
      scroller.scrollTop = scroller.scrollHeight;
      const rows = scroller.querySelectorAll('[data-testid^="record-row-"]');
      const last = rows[rows.length - 1]?.getAttribute('data-testid') ?? '';
      const lines = scroller.firstElementChild as HTMLElement;
      return { last, height: lines.offsetHeight, total };
    }, expected);
    await page.waitForTimeout(30);
    maxNodes = Math.max(maxNodes, await countNodes(page));
    const finished = await page.evaluate(
      (total) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="record-list-scroller"]')!;
        const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
        const loading = document.querySelector('[data-testid="record-list-loading-more"]') !== null;
        const rendered = (scroller.firstElementChild as HTMLElement).offsetHeight;
        return atBottom && !loading && rendered >= total * 56;
      },
      expected,
    );
    if (finished && done.height > 0) return { maxNodes, rounds: round };
  }
  throw new Error('the list never reached its end');
}

async function measure(count: number): Promise<{ maxNodes: number; rounds: number; lastName: string }> {
  const server = await startTestServer({ logLevel: 'silent' });
  try {
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: `dom-${count}@bench.local` }, 'secret123');
    await server.app.db.transaction().execute(async (trx) => {
      for (let start = 0; start < count; start += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => recordRow(user.id, start + i));
        await trx.insertInto('records').values(rows).execute();
      }
    });
    const token = await issueToken(server.app.db, systemClock, user.id);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/recordList`);
      await page.getByTestId('record-view-list').waitFor();
      await page.locator('[data-testid^="record-row-"]').first().waitFor();
      const result = await scrollToEnd(page, count);
      const names = await page.locator('[data-testid^="record-name-"]').allInnerTexts();
      return { ...result, lastName: names.at(-1) ?? '' };
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

export const recordListDomBench = {
  title: `record list DOM in list view: ${LARGE.toLocaleString('en-US')} records scrolled to the end vs ${SMALL} (limit ${DOM_LIMIT.toLocaleString('en-US')} nodes)`,
  async run(): Promise<string[]> {
    const small = await measure(SMALL);
    const large = await measure(LARGE);
    // Newest first: the last row at the end of the list is the oldest record.
    if (large.lastName !== 'Record 00000') throw new Error(`the end of the list shows ${large.lastName}, not the oldest record`);
    return [
      `${SMALL} records: at most ${small.maxNodes} DOM nodes (${small.rounds} scroll steps)`,
      `${LARGE.toLocaleString('en-US')} records: at most ${large.maxNodes} DOM nodes (${large.rounds} scroll steps, last row ${large.lastName})`,
      `max nodes / limit: ${(large.maxNodes / DOM_LIMIT).toFixed(2)} (${large.maxNodes <= DOM_LIMIT ? 'under' : 'OVER'} the ${DOM_LIMIT.toLocaleString('en-US')} limit)`,
      `10,000 / 100 records: ${(large.maxNodes / small.maxNodes).toFixed(2)}`,
    ];
  },
};
