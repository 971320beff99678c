// Issue 9: the app runs under its strict Content-Security-Policy (no 'unsafe-inline' scripts or
// styles; emotion's run-time <style> tags carry the page's nonce). Every `securitypolicyviolation`
// event of every page load is recorded through an exposed function, across a sign-in, the records
// list, a dialog, a transcript page, a meeting page and the profile; none may occur. A planted
// inline style at the end shows the recorder does catch violations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../server/src/domain/session/users';
import { createRecord } from '../../server/src/domain/records/create-record';
import { systemClock } from '../../server/src/clock';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  page: string;
}

describe('the app under its Content-Security-Policy', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let recordId = '';
  const violations: Violation[] = [];
  const email = `csp-${Date.now()}@example.com`;
  const password = 'parley2go';

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: email }, password);
    const record = await createRecord(server.app.db, systemClock, {
      userId: user.id,
      showName: 'Policy talk',
      languages: ['en-US'],
      durationMs: 30_000,
      segments: [{ startMs: 0, endMs: 1500, speaker: 'Ann', text: 'Hello there.', translation: null }],
    });
    recordId = record.id;
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    // Exposed functions survive page loads; the init script re-attaches the listener on each one.
    await context.exposeFunction('reportCspViolation', (v: Violation) => void violations.push(v));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation(v: unknown): void }).reportCspViolation({
          directive: e.violatedDirective,
          blocked: e.blockedURI,
          sample: e.sample,
          page: location.pathname,
        });
      });
    });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const byTestId = (id: string) => page.getByTestId(id);

  it('serves the page with a per-response nonce in the policy and in the page, and no unsafe-inline', async () => {
    const first = await page.goto(`${server.url}/login`);
    const policy = first!.headers()['content-security-policy'] ?? '';
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    // The nonce attribute is hidden from getAttribute once applied; the property holds it.
    expect(await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce)).toBe(nonce);
    const second = await page.goto(`${server.url}/login`);
    expect(/'nonce-([^']+)'/.exec(second!.headers()['content-security-policy'] ?? '')?.[1]).not.toBe(nonce);
    expect(first!.headers()['permissions-policy']).toContain('microphone=(self)');
    expect(first!.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('signs in, lists records, opens a dialog, a transcript, the meeting and profile pages without a violation', async () => {
    // Every API call carries the browser's zone, which a worker resolves (src/shared/browser-time-zone.ts):
    // the worker runs under the policy too.
    const apiZones: Array<string | undefined> = [];
    page.on('request', (request) => {
      // The API client's calls (fetch), not the media the <video> element streams.
      if (request.resourceType() === 'fetch' && new URL(request.url()).pathname.startsWith('/prod-api/')) apiZones.push(request.headers()['x-time-zone']);
    });
    await page.goto(`${server.url}/login`);
    await byTestId('login-tab-password').click();
    await byTestId('login-username').fill(email);
    await byTestId('login-password').fill(password);
    await byTestId('login-submit').click();
    await byTestId('avatar-menu-trigger').waitFor();

    await page.goto(`${server.url}/recordList`);
    await byTestId(`record-row-${recordId}`).waitFor();
    // Emotion's styles are in the page, nonce-stamped, and applied.
    const styles = await page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].map((s) => Boolean(s.nonce)));
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.every(Boolean)).toBe(true);
    const rowDisplay = await byTestId(`record-row-${recordId}`).evaluate((el) => getComputedStyle(el).display);
    expect(rowDisplay).not.toBe('');
    // Chakra's reset, global styles and token variables come from the built stylesheet (a file under
    // the policy's 'self'), not from a <style> built at run time (scripts/vite/chakra-global-css.ts).
    const globals = await page.evaluate(() => ({
      brand: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-500').trim(),
      bodyMargin: getComputedStyle(document.body).margin,
      stylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => new URL(link.href).pathname),
      runtimeTokens: [...document.querySelectorAll('style[data-emotion]')].some((tag) => tag.textContent?.includes('--chakra-colors-brand-500:')),
    }));
    expect(globals.brand).toBe('#3565f2');
    expect(globals.bodyMargin).toBe('0px');
    expect(globals.stylesheets.some((path) => /^\/assets\/index-[\w-]+\.css$/.test(path))).toBe(true);
    expect(globals.runtimeTokens).toBe(false);

    await byTestId(`record-menu-${recordId}`).click();
    await byTestId('record-menu-share').click();
    await byTestId('share-dialog').waitFor();
    await page.keyboard.press('Escape');
    await byTestId('share-dialog').waitFor({ state: 'detached' });

    await byTestId(`record-name-${recordId}`).click();
    await byTestId('transcript-title').waitFor();

    await page.goto(`${server.url}/meeting`);
    await page.waitForLoadState('networkidle');
    // axe runs under the policy too (evaluated, not a script tag): it must not trip it either.
    await expectAccessible(page, 'meeting set-up page');
    await page.goto(`${server.url}/user/profile`);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'profile page');
    await byTestId('avatar-menu-trigger').click();
    await byTestId('avatar-menu-logout').waitFor();
    await expectAccessible(page, 'avatar menu');

    expect(violations).toEqual([]);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(apiZones.length).toBeGreaterThan(5);
    expect(apiZones.every((sent) => sent === zone)).toBe(true);
  });

  it('the recorder does catch a violation (an inline style without the nonce)', async () => {
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      document.head.appendChild(style);
    });
    await expect.poll(() => violations.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(violations[0]!.directive).toMatch(/^style-src/);
  });
});
