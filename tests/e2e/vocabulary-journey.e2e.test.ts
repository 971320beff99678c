// The vocabulary journey in Debian's chromium against the real server (issue 14 §6): an SVIP user
// creates a proper-words library (a 51-character name is refused first), imports an .xlsx this test
// writes with exceljs (the preview lists a problem row of a bad file and offers no import; the good
// file imports), sees the words in the virtualised table, edits one inline, then starts a live
// meeting choosing that library in the setup's picker, and the meeting's record names the library.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../server/src/domain/session/users';
import { grantToUserId } from '../../server/src/domain/entitlements/grants';
import { SVIP } from '../../server/src/domain/vouchers/package-types';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';

const WORDS = ['Parley', 'Kysely', 'Fastify', 'Vitest'];
const LIBRARY = 'Product names';

async function writeSheet(file: string, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
  return file;
}

describe('vocabulary journey: create a library, import Excel, use it in a meeting', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let workDir = '';
  let libraryId = '';
  const email = `vocabulary-${Date.now()}@example.com`;
  const password = 'parley2go';
  const shots = process.env.E2E_SCREENSHOTS_DIR;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-vocabulary-e2e-'));
    server = await startTestServer({ nodeEnv: 'development' });
    const user = await createUser(server.app.db, { now: () => new Date() }, { kind: 'email', value: email }, password);
    // Vocabulary is an SVIP right (features §6).
    await grantToUserId(server.app.db, { now: () => new Date() }, user.id, SVIP, 30);
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page] error:', error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('signs in and creates a proper-words library (a 51-character name refused first)', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByTestId('login-tab-password').click();
    await page.getByTestId('login-username').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('avatar-menu-trigger').waitFor();

    await page.goto(`${server.url}/vocabulary`);
    await page.getByTestId('library-empty').waitFor();
    expect(await page.getByTestId('vocabulary-tab-properWords').innerText()).toBe('Proper vocabulary (0)');
    await expectAccessible(page, 'vocabulary list');

    await page.getByTestId('library-create').click();
    await page.getByTestId('library-name-input').fill('x'.repeat(51));
    await page.getByTestId('library-save').click();
    expect(await page.getByTestId('library-error').innerText()).toBe('The name can have at most 50 characters.');
    await page.getByTestId('library-name-input').fill(LIBRARY);
    await expectAccessible(page, 'new library dialog');
    await page.getByTestId('library-save').click();

    await page.waitForURL(/\/vocabularyDetail\?id=/);
    libraryId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(libraryId).not.toBe('');
    await page.getByTestId('entry-empty').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe(LIBRARY);
  });

  it('previews a bad sheet without importing it, then imports a good one and shows its words', async () => {
    const bad = await writeSheet(path.join(workDir, 'bad.xlsx'), [['Word'], ['Parley'], ['y'.repeat(51)]]);
    const good = await writeSheet(path.join(workDir, 'words.xlsx'), [['Word'], ...WORDS.map((word) => [word])]);

    await page.getByTestId('entries-import').click();
    await page.getByTestId('import-dialog').waitFor();
    await page.getByTestId('import-file-input').setInputFiles(bad);
    await page.getByTestId('import-preview').waitFor();
    expect(await page.getByTestId('import-summary').innerText()).toContain('1 of 2 rows can be imported.');
    expect(await page.getByTestId('import-problem-row').innerText()).toContain('too long');
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    await expectAccessible(page, 'import preview');
    if (shots) await page.screenshot({ path: path.join(shots, 'vocabulary-import-preview.png') });

    await page.getByTestId('import-file-input').setInputFiles(good);
    await page.waitForFunction(() => document.querySelector('[data-testid="import-summary"]')?.textContent?.includes('4 of 4 rows'));
    await page.getByTestId('import-confirm').click();
    expect(await page.getByTestId('import-done').innerText()).toBe('4 entries imported');
    await page.getByTestId('import-close').click();

    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="entry-source"]').length === count, WORDS.length);
    const shown = await page.getByTestId('entry-source').allInnerTexts();
    expect([...shown].sort()).toEqual([...WORDS].sort());
    await expectAccessible(page, 'library entries');
    if (shots) await page.screenshot({ path: path.join(shots, 'vocabulary-detail.png'), fullPage: true });
  });

  it('edits a word inline (a 51-character word refused), deletes two after a confirmation, and the list counts the rest', async () => {
    await page.getByRole('button', { name: 'Edit “Vitest”' }).click();
    await page.getByTestId('entry-source-input').fill('z'.repeat(51));
    await page.getByTestId('entry-source-input').press('Enter');
    expect(await page.getByTestId('entry-error').innerText()).toBe('Each entry can have at most 50 characters.');
    await page.getByTestId('entry-source-input').fill('Chakra');
    await page.getByTestId('entry-source-input').press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="entry-source"]')].some((cell) => cell.textContent === 'Chakra'));
    expect(await page.getByTestId('entry-source').allInnerTexts()).not.toContain('Vitest');

    await page.getByRole('checkbox', { name: 'Select “Kysely”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Fastify”' }).check();
    await page.getByTestId('entries-bulk-delete').click();
    await page.getByTestId('entries-delete-confirm').waitFor();
    await expectAccessible(page, 'bulk delete confirmation');
    await page.getByTestId('entries-delete-confirm-confirm').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry-source"]').length === 2);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry-source"]').length === 2);
    expect([...(await page.getByTestId('entry-source').allInnerTexts())].sort()).toEqual(['Chakra', 'Parley']);

    await page.getByTestId('vocabulary-back').click();
    await page.getByTestId('library-row').waitFor();
    expect(await page.getByTestId('library-word-count').innerText()).toBe('2');
    expect(await page.getByTestId('vocabulary-tab-properWords').innerText()).toBe('Proper vocabulary (1)');

    // Marked default (for uploads and dubbing), and still so when read again.
    const toggle = page.getByRole('checkbox', { name: `Use “${LIBRARY}” by default for uploads and dubbing` });
    expect(await toggle.isChecked()).toBe(false);
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/speech/document/edit') && response.status() === 200),
      page.getByTestId('library-default').click(),
    ]);
    await page.reload();
    await page.getByTestId('library-row').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    if (shots) await page.screenshot({ path: path.join(shots, 'vocabulary-list.png'), fullPage: true });
  });

  it('sends an account without SVIP to the purchase dialog on its tab 2 when it creates a library', async () => {
    const plainEmail = `plain-${Date.now()}@example.com`;
    await createUser(server.app.db, { now: () => new Date() }, { kind: 'email', value: plainEmail }, password);
    const plainContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const plain = await plainContext.newPage();
    try {
      await plain.goto(`${server.url}/login`);
      await plain.getByTestId('login-tab-password').click();
      await plain.getByTestId('login-username').fill(plainEmail);
      await plain.getByTestId('login-password').fill(password);
      await plain.getByTestId('login-submit').click();
      await plain.getByTestId('avatar-menu-trigger').waitFor();
      await plain.goto(`${server.url}/vocabulary`);
      await plain.getByTestId('library-empty').waitFor();
      await plain.getByTestId('library-create').click();
      await plain.getByTestId('library-name-input').fill('Not allowed');
      await plain.getByTestId('library-save').click();
      await plain.getByTestId('purchase-dialog').waitFor();
      await plain.waitForSelector('[data-testid="pay-tab-2"][aria-selected="true"]');
      expect(await plain.getByTestId('library-dialog').count()).toBe(0);
      // Nothing was created.
      const rows = await server.app.db.selectFrom('vocabulary_libraries').select('id').where('name', '=', 'Not allowed').execute();
      expect(rows).toEqual([]);
    } finally {
      await plainContext.close();
    }
  });

  // The meeting setup's library picker comes with branch vocab-engine (its test ids are used here).
  it('starts a live meeting choosing that library, and the meeting uses it', async () => {
    await page.goto(`${server.url}/meeting`);
    await page.getByTestId('meeting-setup').waitFor();
    await page.getByTestId('meeting-name').fill('Product review');
    await page.getByTestId('meeting-vocabulary-open').click();
    await page.getByTestId('meeting-vocabulary-dialog').waitFor();
    const pick = page.getByTestId(`meeting-vocabulary-${libraryId}`);
    expect(await pick.innerText()).toContain(LIBRARY);
    await pick.click();
    expect(await pick.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('meeting-vocabulary-confirm').click();
    expect(await page.getByTestId('meeting-vocabulary-open').innerText()).toBe('Vocabulary libraries (1)');

    await page.getByTestId('meeting-start').click();
    await page.getByTestId('meeting-terms-accept').click();
    await page.getByTestId('meeting-live').waitFor({ timeout: 20_000 });
    await page.waitForSelector('[data-testid="meeting-status"][data-status="in_progress"]');
    const meetingId = new URL(await page.getByTestId('share-link').inputValue()).searchParams.get('meetingId');
    // The host's own view of the meeting names the library it uses.
    const answer = await page.evaluate(async (id) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((part) => part.startsWith('Admin-Token='))?.slice('Admin-Token='.length) ?? '');
      const response = await fetch(`/prod-api/speech/meeting/getMeeting?id=${encodeURIComponent(id ?? '')}`, { headers: { Authorization: `Bearer ${token}` } });
      return response.json() as Promise<{ code: number; data?: { documentIds?: string[]; vocabularies?: Array<{ id: string; name: string; kind: string }> } }>;
    }, meetingId);
    expect(answer.code).toBe(200);
    expect(answer.data?.documentIds).toEqual([libraryId]);
    expect(answer.data?.vocabularies?.map(({ id, name, kind }) => ({ id, name, kind }))).toEqual([{ id: libraryId, name: LIBRARY, kind: 'properWords' }]);
  });
});
