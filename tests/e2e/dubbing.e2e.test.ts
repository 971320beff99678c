// The AI dubbing journey in Debian's chromium against the real server (run `npx vite build` first):
// sign in → New → AI dubbing → choose a real small mp4 (ffmpeg: a test pattern with a tone, made here)
// with a bilingual SRT attached, so neither recognition nor translation is needed → start → the
// record list shows the task with its Dub badge and follows it to 'Dubbed' without a reload → its
// name opens /dub → the zip of the results holds the dubbed video and the subtitles.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { issueToken } from '../../server/src/domain/session/tokens';
import { createUser } from '../../server/src/domain/session/users';
import { grantToUserId } from '../../server/src/domain/entitlements/grants';
import type { PackageType } from '../../server/src/db/schema';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { DUB_RIGHTS_TYPE, DUB_SOURCE_TYPE } from '../../src/shared/contract/dub-limits';
import { launchChromium } from './support/browser';

const SECONDS = 8;
// Package type 5 is the dubbing pack (its ledger account 'dubbing'): a new user holds none, and
// without it the cost check refuses with 92505003 and the purchase dialog opens instead.
const DUBBING_PACK: PackageType = '5';
const SOURCE = 'en-US';
// Spanish is what the espeak-ng voices of the embedded synthesiser speak besides English.
const PREFERRED_TARGETS = ['es-ES', 'fr-FR', 'de-DE', 'zh-CN'];
const SRT = [
  '1',
  '00:00:00,500 --> 00:00:03,000',
  'Open the door.',
  'Abre la puerta.',
  '',
  '2',
  '00:00:04,000 --> 00:00:07,000',
  'We go home today.',
  'Hoy vamos a casa.',
  '',
].join('\n');

describe('dubbing journey: from an mp4 to a downloaded zip', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let tempDir: string;
  let videoPath: string;
  let srtPath: string;
  let taskId = '';

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dubbing-e2e-'));
    videoPath = path.join(tempDir, 'door-talk.mp4');
    srtPath = path.join(tempDir, 'door-talk.srt');
    // A small real mp4: H.264 test pattern and an AAC tone (the background the dub is mixed over).
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=44100:duration=${SECONDS}`,
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', videoPath,
    ]);
    fs.writeFileSync(srtPath, SRT);
    server = await startTestServer({ nodeEnv: 'development' });
    const services = server.app.services;
    const user = await createUser(server.app.db, services.clock, { kind: 'email', value: `dubber-${Date.now()}@example.com` }, 'parley2go');
    await grantToUserId(server.app.db, services.clock, user.id, DUBBING_PACK, 1);
    token = await issueToken(server.app.db, services.clock, user.id);
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await context.addInitScript(() => localStorage.setItem('locale', 'en-US'));
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  const byTestId = (id: string) => page.getByTestId(id);

  async function dubTask(id: string): Promise<{ state?: string; expired?: boolean } | undefined> {
    const answer = await fetch(`${server.url}/prod-api/speech/video/transcribe/getFileByTaskId?taskId=${id}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { data?: { state?: string } }).data;
  }

  async function dubbingBalance(): Promise<number | undefined> {
    const answer = await fetch(`${server.url}/prod-api/expense/cost/dubbingAccountCostBefore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rightsType: DUB_RIGHTS_TYPE, sourceType: DUB_SOURCE_TYPE, duration: SECONDS }),
    });
    return ((await answer.json()) as { data?: { balance?: number } }).data?.balance;
  }

  it('uploads the video with its bilingual SRT through the AI dubbing dialog and starts dubbing', async () => {
    await page.goto(`${server.url}/recordList`);
    await byTestId('records-page-all').waitFor();
    await page.evaluate(() => ((window as unknown as { parleyNoReload: boolean }).parleyNoReload = true));
    await byTestId('new-menu-trigger').click();
    await byTestId('new-menu-dub').click();
    await byTestId('dub-dialog').waitFor();
    await expect(byTestId('dub-start').isDisabled()).resolves.toBe(true);

    await byTestId('dub-file-input').setInputFiles(videoPath);
    await page.locator('[data-testid="dub-file-row"][data-status="uploaded"]').waitFor({ timeout: 60_000 });
    await byTestId('dub-srt-type').selectOption('3');
    const srtChooser = page.waitForEvent('filechooser');
    await byTestId('dub-srt-attach').click();
    await (await srtChooser).setFiles(srtPath);
    await expect(byTestId('dub-srt-name').innerText()).resolves.toBe('door-talk.srt');

    // The languages come from the server: pick the video's, then a target it can dub into.
    await page.waitForFunction((code) => !!document.querySelector(`[data-testid="dub-audio-language"] option[value="${code}"]`), SOURCE);
    await byTestId('dub-audio-language').selectOption(SOURCE);
    const enabledTargets = await page.$$eval('[data-testid="dub-translation-language"] option:not([disabled])', (options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
    );
    const target = PREFERRED_TARGETS.find((code) => enabledTargets.includes(code)) ?? enabledTargets[0];
    expect(target).toBeTruthy();
    await byTestId('dub-translation-language').selectOption(target!);
    await expect(byTestId('dub-start').isEnabled()).resolves.toBe(true);

    const started = page.waitForResponse((response) => response.url().includes('/speech/video/transcribe/transwrite'));
    await byTestId('dub-start').click();
    const answer = (await (await started).json()) as { code: number; data?: { code: number } };
    expect(answer.code).toBe(200);
    await byTestId('dub-dialog').waitFor({ state: 'detached' });
  }, 120_000);

  it('shows the task in the open record list with its Dub badge and follows it to Dubbed', async () => {
    const row = byTestId('records-page-all').locator('[data-testid^="record-row-"]', { hasText: 'door-talk' });
    await row.waitFor({ timeout: 15_000 });
    taskId = (await row.getAttribute('data-testid'))!.replace('record-row-', '');
    await expect(byTestId(`record-dub-${taskId}`).innerText()).resolves.toBe('Dub');

    const state = byTestId(`record-state-${taskId}`);
    const deadline = Date.now() + 180_000;
    while ((await state.getAttribute('data-state')) !== 'dub-dubbed' && Date.now() < deadline) {
      expect(await state.getAttribute('data-state')).not.toBe('dub-failed');
      await page.waitForTimeout(500);
    }
    expect(await state.getAttribute('data-state')).toBe('dub-dubbed');
    await expect(state.innerText()).resolves.toBe('Dubbed');
    await expect(page.evaluate(() => (window as unknown as { parleyNoReload?: boolean }).parleyNoReload)).resolves.toBe(true);
    await expect(dubTask(taskId)).resolves.toMatchObject({ state: 'dubbed', expired: false });
    // The first dubbing of a video costs its full length from the dubbing pack (features §9).
    await expect(dubbingBalance()).resolves.toBe(3600 - SECONDS);

    // Its name opens the dub editor, not the transcript page.
    await expect(byTestId(`record-name-${taskId}`).getAttribute('href')).resolves.toBe(`/dub?id=${taskId}`);
    await byTestId(`record-name-${taskId}`).click();
    await page.waitForURL(new RegExp(`/dub\\?id=${taskId}$`));
  }, 200_000);

  it('downloads the results as a zip with the dubbed video and the subtitles', async () => {
    const answer = await fetch(`${server.url}/prod-api/speech/video/transcribe/download/zip?idStr=${taskId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('zip');
    const zip = await JSZip.loadAsync(Buffer.from(await answer.arrayBuffer()));
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    expect(names.some((name) => name.endsWith('.mp4'))).toBe(true);
    expect(names.some((name) => name.endsWith('.srt'))).toBe(true);
    const video = names.find((name) => name.endsWith('.mp4'))!;
    expect((await zip.file(video)!.async('uint8array')).byteLength).toBeGreaterThan(1000);
    const subtitles = await zip.file(names.find((name) => name.endsWith('.srt'))!)!.async('string');
    expect(subtitles).toMatch(/00:00:00,500 --> 00:00:03,000/);
  });
});
