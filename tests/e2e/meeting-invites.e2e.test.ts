// Meeting invitations end to end in Debian's chromium (issue 16 §3): the host opens an invitation
// (1 hour) beside the sharing switch and closes sharing; a signed-out participant joins by the
// invitation link under a name and reads the live page; the host closes the invitation and the
// participant's page says so; a new participant whose browser speaks Chinese (zh-CN context) opens
// the link and sees the closed-invitation page in Chinese, not a generic error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../server/src/domain/session/users';
import { grantToUserId } from '../../server/src/domain/entitlements/grants';
import { SVIP } from '../../server/src/domain/vouchers/package-types';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { HOST_MEDIA_ARGS, signIn, startMeeting } from './support/meeting-host';

describe('meeting invitations: open, join by the link, close, closed page in the reader’s language', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let hostBrowser: Browser;
  let guestBrowser: Browser;
  let contexts: BrowserContext[] = [];
  let host: Page;
  let guest: Page;
  let inviteLink = '';
  const email = `inviting-host-${Date.now()}@example.com`;
  const password = 'parley2go';
  const shots = process.env.E2E_SCREENSHOTS_DIR;

  const page = async (browser: Browser, name: string, locale: string) => {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const opened = await context.newPage();
    opened.on('pageerror', (error) => console.error(`[${name}] page error:`, error.message));
    return opened;
  };

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    const hostUser = await createUser(server.app.db, { now: () => new Date() }, { kind: 'email', value: email }, password);
    // Inviting participants is an SVIP right (features §6); the host holds it for this journey.
    await grantToUserId(server.app.db, { now: () => new Date() }, hostUser.id, SVIP, 30);
    hostBrowser = await launchChromium(HOST_MEDIA_ARGS);
    guestBrowser = await launchChromium();
    host = await page(hostBrowser, 'host', 'en-US');
    guest = await page(guestBrowser, 'guest', 'en-US');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    contexts = [];
    await hostBrowser?.close();
    await guestBrowser?.close();
    await server?.close();
  });

  it('lets the host open an invitation for an hour, with its link and QR code, apart from sharing', async () => {
    await signIn(host, server.url, email, password);
    await startMeeting(host, server.url, 'Board meeting');
    const panel = host.getByTestId('invite-panel');
    await host.waitForSelector('[data-testid="invite-panel"][data-status="none"]');
    await host.getByTestId('invite-expiry').selectOption('1h');
    await host.getByTestId('invite-toggle').click();
    await host.waitForSelector('[data-testid="invite-panel"][data-status="open"]');
    inviteLink = await host.getByTestId('invite-link').inputValue();
    expect(inviteLink).toMatch(/\/meetingShare\?invite=[\w-]{32}$/);
    await host.getByTestId('invite-qr').waitFor();
    expect(await panel.getByTestId('invite-expires').innerText()).toMatch(/^Admits participants until /);
    // Sharing is its own switch: closed, and the invitation stays open. Both states are on screen.
    await host.getByTestId('share-toggle').click();
    await host.getByText('Sharing is closed').waitFor();
    expect(await host.getByTestId('invite-panel').getAttribute('data-status')).toBe('open');
    await expectAccessible(host, 'live meeting with the invitation open');
    if (shots) await host.screenshot({ path: `${shots}/meeting-invite-host.png`, fullPage: true });
  });

  it('lets a signed-out participant join by the invitation under a name; the host lists them', async () => {
    await guest.goto(inviteLink);
    await guest.getByTestId('meeting-join').waitFor();
    expect(await guest.getByTestId('join-meeting-name').innerText()).toBe('Board meeting');
    await guest.getByTestId('join-name').fill('Lucía');
    await guest.getByTestId('join-submit').click();
    await guest.waitForURL(/\/meetingShareIng\?.*invite=/);
    await guest.getByTestId('subtitles').waitFor();
    await host.getByTestId('participant').filter({ hasText: 'Lucía' }).waitFor({ timeout: 20_000 });
  });

  it('closes the invitation: the participant’s page says the invitation has closed', async () => {
    await host.getByTestId('invite-toggle').click();
    await host.waitForSelector('[data-testid="invite-panel"][data-status="closed"]');
    const closed = guest.getByTestId('invite-closed');
    await closed.waitFor({ timeout: 20_000 });
    expect(await closed.innerText()).toContain('The invitation has closed');
    expect(await closed.innerText()).toContain('The host closed the invitation');
  });

  it('shows a new participant whose browser reads Chinese the closed invitation in Chinese', async () => {
    const reader = await page(guestBrowser, 'zh-CN reader', 'zh-CN');
    await reader.goto(inviteLink);
    const closedPage = reader.getByTestId('invite-unavailable-page');
    await closedPage.waitFor({ timeout: 20_000 });
    expect(await closedPage.innerText()).toContain('此邀请已关闭');
    expect(await closedPage.innerText()).toContain('请向主持人索取新链接');
    expect(await reader.getByTestId('meeting-join').count()).toBe(0);
    await expectAccessible(reader, 'closed invitation page (zh-CN)');
    if (shots) await reader.screenshot({ path: `${shots}/meeting-invite-closed-zh-CN.png`, fullPage: true });
  });
});
