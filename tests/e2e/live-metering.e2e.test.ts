// Live metering in the browser (issue 11): a host with a few seconds of live time starts a meeting
// in chromium (its fake microphone sends audio); when the time is used up the meeting pauses and
// the host reads why, with a Buy button that opens the purchase dialog on the duration tab; once
// time is credited (as a payment settles it) the server resumes the meeting and the host reads
// 'resumed'. The meeting is charged once when it ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../server/src/domain/session/users';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { launchChromium } from './support/browser';

describe('live metering: the host is told, buys, and the meeting goes on', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let host: Page;
  let userId = '';
  const email = `metered-${Date.now()}@example.com`;
  const password = 'parley2go';
  const credit = (seconds: number) =>
    server.app.services.entitlements.credit(userId, { account: 'duration', kind: 'purchase', sourceKey: `e2e:${Date.now()}:${seconds}`, seconds });

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development', trialMinutes: 0 });
    userId = (await createUser(server.app.db, { now: () => new Date() }, { kind: 'email', value: email }, password)).id;
    await credit(3);
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required']);
    host = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })).newPage();
    host.on('pageerror', (error) => console.error('[host] page error:', error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('pauses when the time is used up, offers the duration tab, and resumes after the purchase', async () => {
    await host.goto(`${server.url}/login`);
    await host.getByTestId('login-tab-password').click();
    await host.getByTestId('login-username').fill(email);
    await host.getByTestId('login-password').fill(password);
    await host.getByTestId('login-submit').click();
    await host.getByTestId('avatar-menu-trigger').waitFor();

    await host.goto(`${server.url}/meeting`);
    await host.getByTestId('meeting-setup').waitFor();
    await host.getByTestId('meeting-start').click();
    await host.getByTestId('meeting-terms-accept').click();
    await host.waitForSelector('[data-testid="meeting-status"][data-status="in_progress"]', { timeout: 15_000 });

    // About three seconds of microphone audio later.
    const notice = host.getByTestId('allowance-used-up');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toContain('Your live interpreting time is used up, so the meeting is paused');
    expect(await notice.innerText()).toContain('Insufficient balance');
    await host.waitForSelector('[data-testid="meeting-status"][data-status="paused"]');

    await host.getByTestId('allowance-buy').click();
    await host.waitForSelector('[data-testid="pay-tab-2"][aria-selected="true"]', { timeout: 15_000 });

    await credit(600);
    await host.waitForSelector('[data-testid="allowance-resumed"]', { state: 'attached', timeout: 15_000 });
    await host.waitForSelector('[data-testid="meeting-status"][data-status="in_progress"]', { state: 'attached' });
    expect(await host.getByTestId('allowance-resumed').textContent()).toContain('the meeting has resumed');
  });
});
