// Records search in Debian's chromium against the real server: sign in → home → the main navigation
// to the records page → type a word spoken in a transcript → the hit shows the line with the word
// marked → a click opens the transcript at that line: the line is the current one, scrolled into
// view, and the player stands at its time. Another user's record with the same word never shows.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { systemClock } from '../../server/src/clock';
import { createUser } from '../../server/src/domain/session/users';
import { createRecord } from '../../server/src/domain/records/create-record';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { launchChromium } from './support/browser';
import { storedMediaPath } from '../../server/src/testing/stored-media-path';

const LINES = 40;
const TARGET = 30;
const LINE_MS = 2000;
const SPOKEN = 'We should repaint the lighthouse before winter.';

describe('records search journey: home → records → search a spoken word → transcript at the line', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let recordId = '';
  let lineId = '';
  const email = `search-${Date.now()}@example.com`;
  const password = 'parley2go';

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    const db = server.app.db;
    const user = await createUser(db, systemClock, { kind: 'email', value: email }, password);
    const segments = Array.from({ length: LINES }, (_, i) => ({
      startMs: i * LINE_MS,
      endMs: (i + 1) * LINE_MS,
      speaker: i % 2 === 0 ? 'Ann' : 'Bob',
      text: i === TARGET ? SPOKEN : `Agenda point ${i} about the harbour budget.`,
      translation: null,
    }));
    const record = await createRecord(db, systemClock, { userId: user.id, showName: 'Harbour planning', languages: ['en-US'], durationMs: LINES * LINE_MS, segments });
    recordId = record.id;
    lineId = (await db.selectFrom('record_segments').select('id').where('record_id', '=', recordId).where('position', '=', TARGET).executeTakeFirstOrThrow()).id;
    await createRecord(db, systemClock, { userId: user.id, showName: 'Standup notes', segments: [{ startMs: 0, endMs: 1000, speaker: null, text: 'Nothing about lights.', translation: null }] });
    const stranger = await createUser(db, systemClock, { kind: 'email', value: `stranger-${Date.now()}@example.com` }, password);
    await createRecord(db, systemClock, { userId: stranger.id, showName: 'Lighthouse keepers', segments: [{ startMs: 0, endMs: 1000, speaker: null, text: 'The lighthouse is ours.', translation: null }] });

    // The record's media: silence as long as the transcript, stored as an upload's would be.
    const objectName = `${user.id}/${recordId}.wav`;
    const mediaPath = storedMediaPath(server.app, objectName);
    fs.mkdirSync(path.dirname(mediaPath), { recursive: true });
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', String((LINES * LINE_MS) / 1000), '-c:a', 'pcm_s16le', '-y', mediaPath]);
    const at = new Date().toISOString();
    await db
      .insertInto('media_files')
      .values({
        id: recordId,
        user_id: user.id,
        object_name: objectName,
        ori_file_name: 'harbour.wav',
        size_bytes: fs.statSync(mediaPath).size,
        duration_ms: LINES * LINE_MS,
        format_name: 'wav',
        has_video: 0,
        folder_id: null,
        submitted_at: at,
        created_at: at,
      })
      .execute();

    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const byTestId = (id: string) => page.getByTestId(id);

  it('signs in and reaches the records page from home through the main navigation', async () => {
    await page.goto(`${server.url}/login`);
    await byTestId('login-tab-password').click();
    await byTestId('login-username').fill(email);
    await byTestId('login-password').fill(password);
    await byTestId('login-submit').click();
    await byTestId('avatar-menu-trigger').waitFor();
    await page.goto(`${server.url}/`);
    await byTestId('left-nav').waitFor();
    await byTestId('left-nav').locator('a[href="/recordList"]').click();
    await page.waitForURL((url) => url.pathname === '/recordList');
    await byTestId(`record-row-${recordId}`).waitFor();
  });

  it('finds the spoken word and shows the line with the word marked, only in the own records', async () => {
    await byTestId('records-search-input').pressSequentially('lighthou', { delay: 40 });
    const hit = byTestId('records-search-hit');
    await hit.first().waitFor();
    expect(await hit.count()).toBe(1);
    expect(await hit.getAttribute('href')).toBe(`/meetingDetail?id=${recordId}&t=${TARGET * LINE_MS}&line=${lineId}`);
    expect(await hit.getByTestId('records-search-line').innerText()).toContain(SPOKEN);
    expect(await hit.getByTestId('search-mark').innerText()).toBe('lighthou');
    // The list steps aside while results show, and comes back when the box is cleared.
    expect(await byTestId(`record-row-${recordId}`).count()).toBe(0);
  });

  it('opens the transcript at the matching line: current, in view, and the player at its time', async () => {
    await byTestId('records-search-hit').click();
    await page.waitForURL((url) => url.pathname === '/meetingDetail' && url.searchParams.get('t') === String(TARGET * LINE_MS));
    const current = page.locator('[data-testid="transcript-segment"][data-active="true"]');
    await current.waitFor();
    expect(await current.innerText()).toContain(SPOKEN);
    expect(await page.locator('[data-testid="transcript-segment"][data-active="true"]').count()).toBe(1);
    await page.waitForFunction(() => (document.querySelector('[data-testid="transcript-media"]') as HTMLMediaElement | null)?.readyState! >= 1);
    const media = await page.evaluate(() => {
      const element = document.querySelector('[data-testid="transcript-media"]') as HTMLMediaElement;
      return { currentTime: element.currentTime, paused: element.paused };
    });
    expect(media.currentTime).toBeCloseTo((TARGET * LINE_MS) / 1000, 1);
    expect(media.paused).toBe(true);
    const box = await current.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  });
});
