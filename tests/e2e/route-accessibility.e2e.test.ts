// Issue 29's "axe shows 0 violations on every route": each route of the router (src/routes/router.tsx)
// opened once in Debian chromium, signed in where the route needs it, and checked with axe (WCAG 2.1
// A/AA). The journeys check dialogs and states in depth; this sweep makes sure no page is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../server/src/domain/session/users';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { axeViolations, type AxeViolationSummary } from './support/accessibility';
import { launchChromium } from './support/browser';
import { signIn } from './support/meeting-host';

/** Pages a signed-in user opens (the record, meeting and dub pages with ids are covered by their journeys). */
const SIGNED_IN = ['/', '/recordList', '/favourList', '/shareList', '/vocabulary', '/help', '/user/profile', '/user/account', '/meeting', '/dub', '/deskPay', '/pluginPay', '/myQrCodeMiddlePage', '/cast', '/no-such-page'];
/** Pages anyone opens, signed out. */
const SIGNED_OUT = ['/login', '/register', '/userLogin', '/resetPassword', '/meetingShare?meetingId=unknown', '/meetingShareDownload?meetingId=unknown', '/cast', '/paypalCallBack'];

describe('every route passes axe', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `routes-${Date.now()}@example.com`;
  const password = 'parley2go';

  beforeAll(async () => {
    server = await startTestServer();
    await createUser(server.app.db, { now: () => new Date() }, { kind: 'email', value: email }, password);
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function sweep(paths: string[]): Promise<Record<string, AxeViolationSummary[]>> {
    const found: Record<string, AxeViolationSummary[]> = {};
    for (const path of paths) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      const violations = await axeViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    return found;
  }

  it('signed out', async () => {
    expect(await sweep(SIGNED_OUT)).toEqual({});
  });

  it('signed in', async () => {
    await signIn(page, server.url, email, password);
    expect(await sweep(SIGNED_IN)).toEqual({});
  });
});
