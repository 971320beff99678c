// Issue 10 in Debian's chromium against the real server:
// - the home page: three actions (transcribe opens the upload dialog with its folder picker, dubbing
//   says it comes later), the newest records with their states, the first-use guide dismissed for
//   good, and the same page at 390 px without sideways scrolling;
// - the records table at 1280 px and 390 px in all three locales: no fixed text (state, languages
//   'zh-CN · No translation', speakers, duration, times, 'Default folder') is cut — scrollWidth ≤
//   clientWidth for every visible cell. Names the user chose (a record's, a folder's) may truncate
//   with a tooltip, by design: only the name column gives way;
// - a shared transcript plays its audio through the share code, the spoken line highlighted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { issueToken } from '../../server/src/domain/session/tokens';
import { createUser } from '../../server/src/domain/session/users';
import { createRecord } from '../../server/src/domain/records/create-record';
import { shareRecord } from '../../server/src/domain/shares/shares';
import { makeToneWav } from '../../server/src/testing/upload-test-kit';
import type { RecordPipelineColumns } from '../../server/src/db/schema';
import { systemClock } from '../../server/src/clock';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { launchChromium } from './support/browser';
import { storedMediaPath } from '../../server/src/testing/stored-media-path';

const LOCALES = ['en-US', 'zh-CN', 'zh-TW'] as const;
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-home-e2e-'));

describe('home page, record columns and shared playback', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let token = '';
  let sharedId = '';
  let shareCode = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    const db = server.app.db;
    const clock = systemClock;
    const user = await createUser(db, clock, { kind: 'email', value: `home-${Date.now()}@example.com` }, 'parley2go');
    token = await issueToken(db, clock, user.id);
    const hourAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    await createRecord(db, clock, { userId: user.id, showName: 'Standup notes', languages: ['en-US'], createdAt: hourAgo(6) });
    await createRecord(db, clock, { userId: user.id, showName: 'Board meeting', languages: ['zh-CN'], createdAt: hourAgo(5), durationMs: 3_600_000, speaker: { enabled: true, maxSpeakers: 4 } });
    await createRecord(db, clock, { userId: user.id, showName: 'Interview', languages: ['en-US'], targetLanguages: ['es-ES'], state: 'translation_completed', createdAt: hourAgo(4) });
    const running = await createRecord(db, clock, { userId: user.id, showName: 'Weekly sync', languages: ['zh-CN'], state: 'transcribing', createdAt: hourAgo(3) });
    await db.withTables<{ records: RecordPipelineColumns }>().updateTable('records').set({ progress: 40 }).where('id', '=', running.id).execute();
    await createRecord(db, clock, {
      userId: user.id,
      showName: 'A rather long record name that the name column truncates by design with a tooltip',
      languages: ['zh-CN'],
      createdAt: hourAgo(2),
    });

    // A shared record with real audio: two lines, the second from 1.5 s.
    const shared = await createRecord(db, clock, {
      userId: user.id,
      showName: 'Shared talk',
      languages: ['en-US'],
      createdAt: hourAgo(1),
      durationMs: 3000,
      segments: [
        { startMs: 0, endMs: 1500, speaker: 'Ann', text: 'Hello there.', translation: null },
        { startMs: 1500, endMs: 3000, speaker: 'Bob', text: 'The numbers are up.', translation: null },
      ],
    });
    sharedId = shared.id;
    const wav = makeToneWav(path.join(fixtures, 'talk.wav'), 3, 16_000, 1);
    const objectName = `e2e/${sharedId}.wav`;
    const target = storedMediaPath(server.app, objectName);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(wav, target);
    const at = new Date().toISOString();
    await db
      .insertInto('media_files')
      .values({ id: sharedId, user_id: user.id, object_name: objectName, ori_file_name: 'talk.wav', size_bytes: fs.statSync(wav).size, duration_ms: 3000, format_name: 'wav', has_video: 0, folder_id: null, submitted_at: at, created_at: at })
      .execute();
    shareCode = (await shareRecord(db, clock, { id: sharedId, user_id: user.id }, { allowCopy: false })).code;
    browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(fixtures, { recursive: true, force: true });
  });

  async function signedInPage(width: number, locale: (typeof LOCALES)[number]): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width, height: 860 } });
    contexts.push(context);
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** Visible record cells whose text is wider than the cell (cut), described for the failure message. */
  const cutCells = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="records-page-all"] [data-cell], [data-testid="records-page-all"] [data-cell="meta"] > span, [data-testid="records-page-all"] [data-testid^="record-col-"]')]
        .filter((cell) => cell.offsetParent !== null)
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => `${cell.dataset.cell ?? cell.dataset.testid ?? 'span'}: '${cell.textContent}' ${cell.scrollWidth} > ${cell.clientWidth}`),
    );

  for (const width of [1280, 390]) {
    it.each(LOCALES)(`records table at ${width} px cuts no fixed text (%s)`, async (locale) => {
      const page = await signedInPage(width, locale);
      await page.goto(`${server.url}/recordList`);
      await page.getByTestId(`record-row-${sharedId}`).waitFor();
      const measured = await page.evaluate(() => document.querySelectorAll('[data-testid="records-page-all"] [data-cell]').length);
      expect(measured).toBeGreaterThan(0);
      expect(await cutCells(page)).toEqual([]);
      if (width === 1280) {
        const folder = await page.locator('[data-testid="records-page-all"] [data-cell="folder"]').first().innerText();
        expect(folder).toBe({ 'en-US': 'Default folder', 'zh-CN': '默认文件夹', 'zh-TW': '預設資料夾' }[locale]);
      }
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  it('home page: actions, newest records with states, guide dismissed for good', async () => {
    const page = await signedInPage(1280, 'en-US');
    await page.goto(`${server.url}/`);
    await page.getByTestId(`home-record-${sharedId}`).waitFor();
    expect(await page.getByTestId('home-recent').locator('li').count()).toBe(5);
    expect(await page.getByTestId('home-all-records').innerText()).toBe('All 6 records');
    const running = page.locator('[data-testid^="home-record-"]').filter({ hasText: 'Weekly sync' });
    expect(await running.locator('[data-testid^="record-state-"]').innerText()).toBe('Transcribing · 40%');

    await page.getByTestId('home-guide-dismiss').click();
    await page.reload();
    await page.getByTestId(`home-record-${sharedId}`).waitFor();
    expect(await page.getByTestId('home-guide').count()).toBe(0);

    await page.getByTestId('home-action-dub').click();
    await page.getByTestId('dub-dialog').waitFor();
    // The AI dubbing dialog itself now opens: nothing chosen yet, so it cannot start.
    expect(await page.getByTestId('home-dub-later').count()).toBe(0);
    expect(await page.getByTestId('dub-start').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByTestId('home-action-transcribe').click();
    const folder = page.getByTestId('upload-folder');
    await folder.waitFor();
    expect(await folder.inputValue()).toBe('1');
    expect(await folder.locator('option').allInnerTexts()).toContain('Default folder');
  });

  it('home page at 390 px: everything fits the phone', async () => {
    const page = await signedInPage(390, 'zh-TW');
    await page.goto(`${server.url}/`);
    await page.getByTestId(`home-record-${sharedId}`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const actions = await page.locator('[data-testid^="home-action-"]').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().width));
    expect(actions).toHaveLength(3);
    expect(Math.min(...actions)).toBeGreaterThan(300);
  });

  it('shared transcript plays through its share code and highlights the spoken line', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1024, height: 800 } });
    contexts.push(context);
    const guest = await context.newPage();
    guest.setDefaultTimeout(20_000);
    await guest.goto(`${server.url}/meetingShare?id=${sharedId}&shareCode=${shareCode}`);
    const media = guest.getByTestId('transcript-media');
    await media.waitFor();
    expect(await media.getAttribute('src')).toContain(`shareCode=${shareCode}`);
    await guest.waitForFunction(() => (document.querySelector('[data-testid="transcript-media"]') as HTMLMediaElement | null)?.readyState! >= 1);
    // The owner does not allow copies: no download link.
    expect(await guest.getByTestId('transcript-download-audio').count()).toBe(0);
    // Clicking the second line's time seeks the player there; the line lights up as on the owner's page.
    await guest.getByTestId('transcript-segment').nth(1).getByText('00:01').click();
    await guest.waitForFunction(() => document.querySelectorAll('[data-testid="transcript-segment"]')[1]?.getAttribute('data-active') === 'true');
    expect(await guest.getByTestId('transcript-segment').nth(0).getAttribute('data-active')).toBe('false');
  });
});
