// Issue 15 §2 end to end, in chromium against the built app: a real local OpenID provider
// (oidc-provider with its development login and consent pages) stands in for Google. Click Google on
// /userLogin → the provider's login page → consent → back at /googleLoginCallBack → signed in at the
// redirect the sign-in started with; the source survives the round trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/src/testing/start-test-server';
import { startOidcProvider } from '../../server/src/testing/oidc-test-provider';
import { launchChromium } from './support/browser';

const CLIENT_ID = 'parley-e2e';
const CLIENT_SECRET = 'parley-e2e-secret-0123456789';

describe('Google sign-in through a real OpenID provider', () => {
  let server: TestServer;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    provider = await startOidcProvider(async (issuer) => {
      server = await startTestServer({
        googleClientId: CLIENT_ID,
        social: {
          googleClientSecret: CLIENT_SECRET,
          oidcIssuer: issuer,
          wechatAppSecret: null,
          wechatMpAppId: null,
          wechatMpAppSecret: null,
          wechatApiUrl: 'https://api.weixin.qq.com',
          publicUrl: null,
        },
      });
      return { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: `${server.url}/googleLoginCallBack` };
    });
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  it('goes to the provider, signs in there, and comes back signed in', async () => {
    await page.goto(`${server.url}/userLogin?source=browser_plugin_media&redirect=%2FrecordList`);
    await page.getByTestId('social-google').click();

    // The provider's own login page (another origin), then its consent page.
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.locator('input[name="login"]').fill('e2e-ada');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('input[name="prompt"][value="consent"]', { state: 'attached' });
    await page.locator('button[type="submit"]').click();

    // Back at Parley: the callback page finishes and goes to the redirect the sign-in started with.
    await page.waitForURL((url) => url.href.startsWith(`${server.url}/recordList`), { timeout: 20_000 });
    await page.getByTestId('avatar-menu-trigger').waitFor();
    const row = await server.app.db.selectFrom('users').selectAll().where('email', '=', 'e2e-ada@example.test').executeTakeFirstOrThrow();
    const tokens = await server.app.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', row.id).execute();
    expect(tokens).toHaveLength(1);
    const identity = await server.app.db.selectFrom('user_identities').selectAll().where('user_id', '=', row.id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'google', subject: 'e2e-ada' });
    const request = await server.app.db.selectFrom('social_sign_in_requests').selectAll().where('provider', '=', 'google').executeTakeFirstOrThrow();
    expect(request).toMatchObject({ source: 'browser_plugin_media', redirect: '/recordList' });
    expect(request.consumed_at).not.toBeNull();
  });
});
