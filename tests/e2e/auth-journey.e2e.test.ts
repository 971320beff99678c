// The first real journey of a newcomer, in Debian's chromium against the real server:
// register with the code from the outbox → sign in → avatar menu → 繁體中文 and back → logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { latestCodeFor } from './support/outbox';

describe('newcomer journey: register, sign in, switch language, sign out', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `newcomer-${Date.now()}@example.com`;
  const password = 'parley2go';

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const byTestId = (id: string) => page.getByTestId(id);

  async function signOut() {
    await byTestId('avatar-menu-trigger').click();
    await byTestId('avatar-menu-logout').click();
    await page.waitForURL(/\/login/);
  }

  it('registers with the e-mailed verification code', async () => {
    await page.goto(`${server.url}/register`);
    await byTestId('register-submit').waitFor();
    await expectAccessible(page, 'register page');
    await byTestId('register-username').fill(email);
    await byTestId('register-send-code').click();
    const code = await latestCodeFor(server.url, email);
    await byTestId('register-code').fill(code);
    await byTestId('register-password').fill(password);
    await byTestId('register-password-confirm').fill(password);
    await expectAccessible(page, 'register page, filled in with the code sent');
    await byTestId('register-submit').click();
    // A new account is signed in at once; the journey signs out to prove password sign-in next.
    await byTestId('avatar-menu-trigger').waitFor();
    await signOut();
  });

  it('signs in with e-mail and password and sees the avatar menu', async () => {
    await page.goto(`${server.url}/login`);
    await byTestId('login-submit').waitFor();
    await expectAccessible(page, 'sign-in page');
    await byTestId('login-tab-code').click();
    await expectAccessible(page, 'sign-in page, verification-code tab');
    await byTestId('login-tab-password').click();
    await byTestId('login-username').fill(email);
    await byTestId('login-password').fill(password);
    await byTestId('login-submit').click();
    await byTestId('avatar-menu-trigger').waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'home page, signed in');
    await byTestId('avatar-menu-trigger').click();
    await byTestId('avatar-menu-logout').waitFor();
    await expectAccessible(page, 'avatar menu');
    const menuText = await page.locator('[role="menu"]').innerText();
    expect(menuText).toMatch(/SVIP/);
    await page.keyboard.press('Escape');
  });

  it('switches the interface to 繁體中文 and back to English', async () => {
    const picker = byTestId('language-picker-trigger');
    await expect(picker.innerText()).resolves.toContain('English');
    const englishNav = await byTestId('left-nav').innerText();

    await picker.click();
    await byTestId('language-option-zh-TW').waitFor();
    await expectAccessible(page, 'language menu');
    await byTestId('language-option-zh-TW').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-TW');
    await expectAccessible(page, 'home page in 繁體中文');
    await expect(picker.innerText()).resolves.toContain('繁體中文');
    const chineseNav = await byTestId('left-nav').innerText();
    expect(chineseNav).not.toEqual(englishNav);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh-TW');

    await picker.click();
    await byTestId('language-option-en-US').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await expect(picker.innerText()).resolves.toContain('English');
    expect(await byTestId('left-nav').innerText()).toEqual(englishNav);
  });

  it('signs out: the token is revoked and the login button returns', async () => {
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value;
    expect(token).toBeTruthy();
    await signOut();
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();

    const answer = await fetch(`${server.url}/prod-api/system/getClientInfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await answer.json()).code).toBe(401);

    await page.goto(`${server.url}/`);
    await byTestId('login-register-button').waitFor();
    await expectAccessible(page, 'home page, signed out');
  });
});
