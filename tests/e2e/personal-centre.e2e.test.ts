// Issue 15 in Debian's chromium against the real server: the personal centre at /user/profile —
// avatar chosen, cropped square in the page and uploaded (an SVG refused before upload), nickname
// saved, a new e-mail bound with the code sent to it, the password changed, and WeChat bound and
// unbound against a local stand-in of WeChat's API. Issue 29 on /user/account: today's usage (page and
// avatar menu), the data export opened as a zip, the account deleted after its password.
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { startWechatTestServer, type WechatTestServer } from '../../server/src/testing/wechat-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { latestCodeFor } from './support/outbox';

describe('personal centre: avatar, nickname, e-mail binding, password', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let page: Page;
  const email = `centre-${Date.now()}@example.com`;
  const password = 'parley2go';
  const moved = `moved-${Date.now()}@example.com`;

  async function post(path: string, body: unknown) {
    const response = await fetch(`${server.url}/prod-api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as { code: number; data: any };
  }

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    expect((await post('/auth/c/getValidCode', { username: email, scene: 'register' })).code).toBe(200);
    const code = await latestCodeFor(server.url, email);
    const registered = await post('/auth/c/doLoginByValidCode', { username: email, code, password });
    expect(registered.code).toBe(200);
    await page.goto(`${server.url}/user/profile?token=${encodeURIComponent(registered.data.token)}`);
    await page.getByTestId('personal-centre').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const byTestId = (id: string) => page.getByTestId(id);

  it('shows basic information and account security, accessibly', async () => {
    await expect(byTestId('security-email-value').innerText()).resolves.toBe(email);
    await expect(byTestId('security-phone-value').innerText()).resolves.toBe('Not bound');
    await expectAccessible(page, 'personal centre');
  });

  it('refuses an SVG before upload, then crops a wide PNG square and uploads it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await byTestId('avatar-file').setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: svg });
    await expect(byTestId('avatar-error').innerText()).resolves.toBe('The avatar must be a PNG, JPEG or WebP image');

    const wide = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#c33' } }).png().toBuffer();
    await byTestId('avatar-file').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
    await byTestId('avatar-preview').waitFor();
    // The page's crop is square before anything is sent.
    const preview = await byTestId('avatar-preview').evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : new Promise<number[]>((r) => (img.onload = () => r([img.naturalWidth, img.naturalHeight])))));
    expect(preview).toEqual([256, 256]);
    await byTestId('avatar-confirm').click();
    await byTestId('avatar-image').waitFor();
    const src = await byTestId('avatar-image').getAttribute('src');
    expect(src).toMatch(/^\/prod-api\/system\/user\/avatar\/[0-9a-f-]{36}\.webp$/);
    const image = await fetch(`${server.url}${src}`);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it('saves a nickname', async () => {
    await byTestId('profile-edit').click();
    await byTestId('profile-nickname-input').fill('  Centre Ann ');
    await byTestId('profile-save').click();
    await expect(byTestId('profile-nickname').innerText()).resolves.toBe('Centre Ann');
    // The header's avatar menu shows it at once, without a reload.
    await expect(byTestId('avatar-menu-trigger').innerText()).resolves.toContain('Centre Ann');
  });

  it('binds a new e-mail with the code sent to it', async () => {
    await byTestId('bind-email').click();
    await byTestId('bind-address').fill(moved);
    await byTestId('bind-send-code').click();
    const code = await latestCodeFor(server.url, moved);
    await byTestId('bind-code').fill(code);
    await byTestId('bind-submit').click();
    await byTestId('bind-dialog').waitFor({ state: 'detached' });
    await expect(byTestId('security-email-value').innerText()).resolves.toBe(moved);
    expect((await post('/auth/c/doLogin', { username: moved, password })).code).toBe(200);
  });

  it('says why WeChat cannot be bound on a server without WeChat settings', async () => {
    await byTestId('wechat-bind').click();
    const error = await byTestId('wechat-error').innerText();
    expect(error).toMatch(/WeChat/);
    expect(error).toMatch(/not configured/i);
    await expect(byTestId('security-wechat-value').innerText()).resolves.toBe('Not bound');
  });

  it('changes the password; a mismatch is refused in the form first', async () => {
    await byTestId('change-password').click();
    await byTestId('password-old').fill(password);
    await byTestId('password-new').fill('newpass123');
    await byTestId('password-confirm').fill('newpass124');
    await expect(byTestId('password-error').innerText()).resolves.toBe('The two passwords do not match');
    // Save stays pressable and pressing it sends nothing: the reason is already on screen.
    await byTestId('password-submit').click();
    await expect(byTestId('password-error').innerText()).resolves.toBe('The two passwords do not match');
    await byTestId('password-confirm').fill('newpass123');
    await byTestId('password-submit').click();
    await byTestId('password-dialog').waitFor({ state: 'detached' });
    // Still signed in here; the new password signs in elsewhere.
    await page.reload();
    await byTestId('personal-centre').waitFor();
    await expect(byTestId('profile-nickname').innerText()).resolves.toBe('Centre Ann');
    expect((await post('/auth/c/doLogin', { username: moved, password: 'newpass123' })).code).toBe(200);
    expect((await post('/auth/c/doLogin', { username: moved, password })).code).toBe(400);
  });

  it("shows today's usage, exports the account as a zip, and deletes it after the password (issue 29)", async () => {
    await page.goto(`${server.url}/user/account`);
    await byTestId('usage-today-live').waitFor();
    await expect(byTestId('usage-today-zone').innerText()).resolves.toMatch(/Daily limits reset at midnight, .+ time/);
    await expectAccessible(page, 'bills with usage and your data');
    // The avatar menu shows the same day's usage under the account blocks.
    await byTestId('avatar-menu-trigger').click();
    await page.getByTestId('avatar-menu').getByTestId('usage-today-upload').waitFor();
    await page.keyboard.press('Escape');

    const download = page.waitForEvent('download');
    await byTestId('export-data').click();
    const zip = await JSZip.loadAsync(await readFile((await (await download).path())!));
    expect(JSON.parse(await zip.file('manifest.json')!.async('string'))).toMatchObject({ format: 'parley-account-export/1' });
    expect(JSON.parse(await zip.file('account/profile.json')!.async('string'))).toMatchObject({ email: moved, nickname: 'Centre Ann' });

    await byTestId('delete-account').click();
    await byTestId('delete-password').fill('not-my-password');
    await byTestId('delete-confirm').click();
    await expect(byTestId('delete-error').innerText()).resolves.toBe('The password is wrong');
    await expectAccessible(page, 'delete account confirmation', { include: '[data-testid="delete-account-dialog"]' });
    await byTestId('delete-password').fill('newpass123');
    await byTestId('delete-confirm').click();
    await page.waitForURL(/\/login/);
    expect((await post('/auth/c/doLogin', { username: moved, password: 'newpass123' })).code).toBe(400);
  });
});

// WeChat binding against the local stand-in of WeChat's API (server/src/testing/wechat-test-server.ts):
// the page shows the bind request's QR and polls; the test plays the phone (WeChat sends it back to
// the server's callback with a code), and the page binds by itself once the server confirms.
describe('personal centre: binding and unbinding WeChat', () => {
  const OPEN = { id: 'wxopen00000e2e01', secret: 'open-secret-e2e1' };
  let wechat: WechatTestServer;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    wechat = await startWechatTestServer({ [OPEN.id]: OPEN.secret });
    server = await startTestServer({
      nodeEnv: 'development',
      wechatAppId: OPEN.id,
      social: { googleClientSecret: null, oidcIssuer: 'https://accounts.google.com', wechatAppSecret: OPEN.secret, wechatMpAppId: null, wechatMpAppSecret: null, wechatApiUrl: wechat.url },
    });
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    const email = `wechat-${Date.now()}@example.com`;
    const post = async (path: string, body: unknown) =>
      (await (await fetch(`${server.url}/prod-api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; data: any };
    expect((await post('/auth/c/getValidCode', { username: email, scene: 'register' })).code).toBe(200);
    const registered = await post('/auth/c/doLoginByValidCode', { username: email, code: await latestCodeFor(server.url, email), password: 'parley2go' });
    expect(registered.code).toBe(200);
    await page.goto(`${server.url}/user/profile?token=${encodeURIComponent(registered.data.token)}`);
    await page.getByTestId('personal-centre').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await wechat?.close();
  });

  it('binds WeChat after the scan is confirmed, then unbinds it (the account has a password)', async () => {
    const started = page.waitForResponse((response) => response.url().includes('/prod-api/auth/getQrCode'));
    await page.getByTestId('wechat-bind').click();
    const answer = (await (await started).json()) as { data: { url: string; state: string } };
    expect(new URL(answer.data.url).searchParams.get('state')).toBe(answer.data.state);
    expect(new URL((await started).url()).searchParams.get('purpose')).toBe('bind');
    await page.getByTestId('wechat-qr').waitFor();

    // The phone: WeChat authorizes and sends it to the server's callback with a code.
    const code = wechat.issueCode(OPEN.id, { openid: `o_e2e_${Date.now()}`, nickname: 'E2E', headimgurl: '' });
    const callback = await fetch(`${server.url}/prod-api/auth/getOpenId?code=${encodeURIComponent(code)}&state=${encodeURIComponent(answer.data.state)}`);
    expect(((await callback.json()) as { data: { status: string } }).data.status).toBe('confirmed');

    await page.getByTestId('wechat-scan-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('wechat-unbind').waitFor();
    await expect(page.getByTestId('security-wechat-value').innerText()).resolves.toBe('Bound');
    // A reload reads the binding from the server (userInfo.wechatBound).
    await page.reload();
    await page.getByTestId('personal-centre').waitFor();
    await expect(page.getByTestId('security-wechat-value').innerText()).resolves.toBe('Bound');

    await page.getByTestId('wechat-unbind').click();
    await page.getByTestId('wechat-unbind-confirm').click();
    await page.getByTestId('wechat-bind').waitFor();
    await expect(page.getByTestId('security-wechat-value').innerText()).resolves.toBe('Not bound');
  });
});
