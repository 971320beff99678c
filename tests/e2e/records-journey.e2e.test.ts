// The record library in Debian's chromium against the real server: sign in → folders three deep
// (a fourth level is refused) → a duplicate name gets (1) → move a record into a folder → favourite
// it → share it → read the link signed out → revoke (share link expired) → share again with an
// expiry → the server's clock passes it → expired. Also: a record's name opens its transcript, the
// list's headers fit their columns at 1280 px, and a folder moves under another one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Clock } from '../../server/src/clock';
import { createUser } from '../../server/src/domain/session/users';
import { createRecord } from '../../server/src/domain/records/create-record';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';

/** Real time plus an offset the test moves forward, so expiry needs no waiting. */
class OffsetClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const DAY_MS = 24 * 3600 * 1000;
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('record library journey: folders, move, favourite, share, revoke, expiry', () => {
  const clock = new OffsetClock();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let guestContext: BrowserContext;
  let page: Page;
  let guest: Page;
  let talkId = '';
  let token = '';
  const email = `library-${Date.now()}@example.com`;
  const password = 'parley2go';
  const folderIds: Record<string, string> = {};
  let shareLink = '';

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' }, { clock });
    const user = await createUser(server.app.db, clock, { kind: 'email', value: email }, password);
    const talk = await createRecord(server.app.db, clock, {
      userId: user.id,
      showName: 'Quarterly talk',
      languages: ['en-US'],
      durationMs: 65_000,
      segments: [
        { startMs: 0, endMs: 1500, speaker: 'Ann', text: 'Hello there.', translation: null },
        { startMs: 1500, endMs: 3000, speaker: 'Bob', text: 'Hi Ann, the numbers are up.', translation: null },
      ],
    });
    talkId = talk.id;
    await createRecord(server.app.db, clock, { userId: user.id, showName: 'Standup notes', createdAt: new Date(Date.now() - 3600_000) });
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    guestContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1024, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    guest = await guestContext.newPage();
    guest.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const byTestId = (id: string) => page.getByTestId(id);
  const folderLink = (name: string) => page.locator('a[data-testid^="folder-link-"]').filter({ hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) });

  async function folderIdOf(name: string): Promise<string> {
    await folderLink(name).waitFor();
    const testId = await folderLink(name).getAttribute('data-testid');
    return testId!.replace('folder-link-', '');
  }

  async function addFolder(name: string, parent?: string) {
    if (parent) {
      await byTestId(`folder-menu-${folderIds[parent]}`).click();
      await byTestId('folder-action-add').click();
    } else {
      await byTestId('folder-add').click();
    }
    await byTestId('folder-name-input').fill(name);
    await expectAccessible(page, 'folder dialog');
    await byTestId('folder-save').click();
    await byTestId('folder-dialog').waitFor({ state: 'detached' });
  }

  async function openShareDialog() {
    await byTestId(`record-menu-${talkId}`).click();
    await byTestId('record-menu-share').click();
    await byTestId('share-dialog').waitFor();
    await expectAccessible(page, 'share dialog');
  }

  it('signs in and lists the seeded records', async () => {
    await page.goto(`${server.url}/login`);
    await byTestId('login-submit').waitFor();
    await expectAccessible(page, 'sign-in page');
    await byTestId('login-tab-password').click();
    await byTestId('login-username').fill(email);
    await byTestId('login-password').fill(password);
    await byTestId('login-submit').click();
    await byTestId('avatar-menu-trigger').waitFor();
    token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    expect(token).not.toBe('');
    await page.goto(`${server.url}/recordList`);
    await byTestId(`record-row-${talkId}`).waitFor();
    await expect(byTestId('record-total').innerText()).resolves.toContain('2');
    expect(await byTestId(`record-row-${talkId}`).innerText()).toContain('Transcribed');
    await expectAccessible(page, 'records list');
  });

  it('shows every header in full at 1280 px', async () => {
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="records-page-all"] [data-testid^="record-col-"]')]
        .filter((cell) => cell.offsetParent !== null)
        .map((cell) => ({ name: cell.dataset.testid, text: cell.textContent, scroll: cell.scrollWidth, client: cell.clientWidth })),
    );
    expect(clipped.map((cell) => cell.name)).toEqual(
      ['state', 'languages', 'speakers', 'duration', 'times', 'folder'].map((name) => `record-col-${name}`),
    );
    expect(clipped.filter((cell) => cell.scroll > cell.client)).toEqual([]);
    // The columns fit the row: nothing is pushed past its right edge.
    const header = byTestId('records-page-all').getByTestId('record-list-header');
    const [scroll, client] = await header.evaluate((grid) => [grid.scrollWidth, grid.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client!);
  });

  it("opens a record's transcript from its name", async () => {
    const name = byTestId(`record-name-${talkId}`);
    await expect(name.getAttribute('href')).resolves.toBe(`/meetingDetail?id=${talkId}`);
    await name.click();
    await page.waitForURL(new RegExp(`/meetingDetail\\?id=${talkId}$`));
    await byTestId('transcript-title').filter({ hasText: /^Quarterly talk$/ }).waitFor();
    await expectAccessible(page, 'transcript page');
    await page.goBack();
    await byTestId(`record-row-${talkId}`).waitFor();
  });

  it('refuses an empty title and renames inline', async () => {
    await byTestId(`record-menu-${talkId}`).click();
    await byTestId('record-menu-rename').click();
    await byTestId('record-rename-input').fill('   ');
    await byTestId('record-rename-save').click();
    await expect(byTestId('record-rename-error').innerText()).resolves.toBe('Record title cannot be empty');
    await expectAccessible(page, 'inline rename with its error');
    await byTestId('record-rename-input').fill('Quarterly review');
    await byTestId('record-rename-save').click();
    await page.getByTestId(`record-name-${talkId}`).filter({ hasText: 'Quarterly review' }).waitFor();
  });

  it('creates folders three deep and the third level offers no sub-folder (the server refuses one too)', async () => {
    // The default folder is listed first and has no delete action.
    await byTestId('folder-tree').waitFor();
    const first = await page.locator('a[data-testid^="folder-link-"]').first().getAttribute('data-testid');
    expect(first).toBe('folder-link-1');
    await byTestId('folder-menu-1').click();
    await byTestId('folder-action-rename').waitFor();
    await expectAccessible(page, 'folder menu');
    expect(await page.getByTestId('folder-action-delete').count()).toBe(0);
    expect(await page.getByTestId('folder-action-add').count()).toBe(0);
    await page.keyboard.press('Escape');

    await addFolder('Work');
    folderIds.Work = await folderIdOf('Work');
    await addFolder('Meetings', 'Work');
    folderIds.Meetings = await folderIdOf('Meetings');
    await addFolder('Q3', 'Meetings');
    folderIds.Q3 = await folderIdOf('Q3');

    await byTestId(`folder-menu-${folderIds.Q3}`).click();
    await byTestId('folder-action-rename').waitFor();
    expect(await page.getByTestId('folder-action-add').count()).toBe(0);
    await page.keyboard.press('Escape');

    const refused = await fetch(`${server.url}/prod-api/speech/document/editFolder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ folderName: 'Too deep', parentId: folderIds.Q3 }),
    });
    expect((await refused.json()).code).not.toBe(200);
  });

  it("says 'Please enter the folder name' and gives a duplicate name (1)", async () => {
    await byTestId('folder-add').click();
    await byTestId('folder-save').click();
    await expect(byTestId('folder-name-error').innerText()).resolves.toBe('Please enter the folder name');
    await expectAccessible(page, 'folder dialog with its error');
    expect(await byTestId('folder-name-input').getAttribute('maxlength')).toBe('250');
    await byTestId('folder-name-input').fill('Work');
    await byTestId('folder-save').click();
    await folderLink('Work (1)').waitFor();
  });

  it("moves a folder with 'Move to…': never under itself or its sub-folders, keeping three levels", async () => {
    folderIds['Work (1)'] = await folderIdOf('Work (1)');
    await byTestId(`folder-menu-${folderIds.Meetings}`).click();
    await byTestId('folder-action-move').click();
    await byTestId('folder-move-dialog').waitFor();
    await expectAccessible(page, 'folder move dialog');
    const options = await byTestId('folder-move-parent').locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    // Top level, Work (its parent now) and Work (1); not the default folder, itself or Q3 below it.
    expect(options).toEqual(['', folderIds.Work, folderIds['Work (1)']]);
    await byTestId('folder-move-parent').selectOption(folderIds['Work (1)']!);
    await byTestId('folder-move-confirm').click();
    await byTestId('folder-move-dialog').waitFor({ state: 'detached' });
    await byTestId(`folder-item-${folderIds['Work (1)']}`).getByTestId(`folder-link-${folderIds.Q3}`).waitFor();

    // Work (1) > Meetings > Q3 is three deep: Work (1) can no longer go under Work.
    await byTestId(`folder-menu-${folderIds['Work (1)']}`).click();
    await byTestId('folder-action-move').click();
    const topOnly = await byTestId('folder-move-parent').locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(topOnly).toEqual(['']);
    await byTestId('folder-move-dialog').getByRole('button', { name: 'Cancel' }).click();
    await byTestId('folder-move-dialog').waitFor({ state: 'detached' });
  });

  it('moves a record into the third-level folder and lists it there', async () => {
    await byTestId(`record-menu-${talkId}`).click();
    await byTestId('record-menu-move').click();
    await byTestId('record-move-folder').waitFor();
    await expectAccessible(page, 'record move dialog');
    await byTestId('record-move-folder').selectOption(folderIds.Q3!);
    await byTestId('record-move-confirm').click();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="record-row-${id}"]`)?.textContent?.includes('Q3'), talkId);
    await folderLink('Q3').click();
    await page.waitForURL(new RegExp(`folderId=${folderIds.Q3}`));
    await page.waitForFunction(() => document.querySelector('[data-testid="record-total"]')?.textContent?.includes('1'));
    await byTestId(`record-row-${talkId}`).waitFor();
  });

  it('favourites it and finds it on /favourList', async () => {
    await byTestId(`record-favourite-${talkId}`).click();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="record-favourite-${id}"]`)?.getAttribute('aria-pressed') === 'true', talkId);
    await page.getByTestId('left-nav').getByRole('link', { name: 'Favorites' }).click();
    await page.waitForURL(/\/favourList/);
    await byTestId('records-page-favourite').getByTestId(`record-row-${talkId}`).waitFor();
    await expectAccessible(page, 'favourites list');
    await page.getByTestId('left-nav').getByRole('link', { name: 'Records' }).click();
    await page.waitForURL(/\/recordList$/);
    await byTestId('records-page-all').getByTestId(`record-row-${talkId}`).waitFor();
  });

  it('shares it and a signed-out reader reads the transcript', async () => {
    await openShareDialog();
    await byTestId('share-create').click();
    await byTestId('share-link').waitFor();
    shareLink = await byTestId('share-link').inputValue();
    await expectAccessible(page, 'share dialog with its link');
    expect(shareLink).toMatch(new RegExp(`/meetingShare\\?id=${talkId}&shareCode=[A-Za-z0-9_-]{16,}$`));
    await page.keyboard.press('Escape');

    await guest.goto(shareLink);
    try {
      await guest.getByTestId('shared-transcript').waitFor();
    } catch (error) {
      await guest.screenshot({ path: '/tmp/shots/guest-fail.png' });
      console.log('GUEST', guest.url(), (await guest.locator('body').innerText()).slice(0, 500));
      throw error;
    }
    await expect(guest.getByTestId('shared-title').innerText()).resolves.toBe('Quarterly review');
    await expect(guest.getByTestId('shared-lines').innerText()).resolves.toContain('Hi Ann, the numbers are up.');
    expect(await guest.getByTestId('shared-create-copy').count()).toBe(0);
    expect((await guestContext.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    await expectAccessible(guest, 'shared transcript, signed out');

    await page.getByTestId('left-nav').getByRole('link', { name: 'Shares' }).click();
    await byTestId('records-page-shared').getByTestId(`record-share-link-${talkId}`).waitFor();
    await expect(byTestId('records-page-shared').getByTestId(`record-share-link-${talkId}`).innerText()).resolves.toBe(shareLink);
    await expectAccessible(page, 'shares list');
  });

  it("revokes it from the shares list after a confirm: the row goes and the link shows 'share link expired'", async () => {
    await byTestId('records-page-shared').getByTestId(`record-revoke-${talkId}`).click();
    await byTestId('record-revoke-dialog').waitFor();
    await expectAccessible(page, 'revoke confirm dialog');
    expect(await page.getByTestId('share-dialog').count()).toBe(0);
    await byTestId('record-revoke-dialog-confirm').click();
    await byTestId('records-page-shared').getByTestId('record-list-empty').waitFor();
    expect(await byTestId('records-page-shared').getByTestId(`record-row-${talkId}`).count()).toBe(0);

    await guest.goto(shareLink);
    await guest.getByTestId('shared-expired').waitFor();
    await expect(guest.getByTestId('shared-expired').innerText()).resolves.toContain('Share link expired');
    await expectAccessible(guest, 'expired share link');
  });

  it('shares again until tomorrow; once the server clock passes that day the link is expired', async () => {
    await page.getByTestId('left-nav').getByRole('link', { name: 'Records' }).click();
    await byTestId('records-page-all').getByTestId(`record-row-${talkId}`).waitFor();
    await openShareDialog();
    await byTestId('share-expiry').fill(localDay(new Date(Date.now() + DAY_MS)));
    await byTestId('share-allow-copy').check();
    await byTestId('share-create').click();
    await byTestId('share-link').waitFor();
    const expiringLink = await byTestId('share-link').inputValue();
    expect(expiringLink).not.toBe(shareLink);
    await page.keyboard.press('Escape');

    await guest.goto(expiringLink);
    await guest.getByTestId('shared-transcript').waitFor();
    clock.offsetMs = 2 * DAY_MS;
    await guest.reload();
    await guest.getByTestId('shared-expired').waitFor();
  });
});
