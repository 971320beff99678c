// The dub editor in Debian's chromium against the real server (issue 13 §7): a dubbed task seeded
// with a real mp4, its lines, speakers and takes → /dub?id= → drag a line's region on the timeline
// (the retime reaches the server) → split → merge lines of two speakers, answering which speaker
// keeps the line → more edits → undo five times (the editor keeps five steps) → 'Nothing undoable'
// → a second window of the same browser shows the same lines through the broadcast channel.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { systemClock } from '../../server/src/clock';
import { createUser } from '../../server/src/domain/session/users';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { launchChromium } from './support/browser';
import { evenLines, makeTestVideo, seedDubTask, type SeededDubTask } from './support/dub-task-seed';
import { signIn } from './support/meeting-host';

const VIDEO_SECONDS = 30;
const LINE_COUNT = 12;

interface ServerLine {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
  speakerId?: string | null;
}

describe('dub editor journey: retime by dragging, split, merge with the speaker question, undo, second window', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let second: Page;
  let seeded: SeededDubTask;
  let workDir = '';
  const email = `dub-editor-${Date.now()}@example.com`;
  /** Every CSP refusal on any page (wavesurfer's shadow-root <style> was one). */
  const violations: Array<{ directive: string; sample: string }> = [];
  const password = 'parley2go';

  /** The task's lines as the server has them now (the owner's token, the public API). */
  async function serverLines(): Promise<ServerLine[]> {
    const token = (await context.cookies()).find((cookie) => cookie.name === 'Admin-Token')?.value ?? '';
    const answer = await fetch(`${server.url}/prod-api/speech/video/transcribe/getFileDataContentPageList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${decodeURIComponent(token)}` },
      body: JSON.stringify({ id: seeded.taskId, pageNum: 1, pageSize: 1000 }),
    });
    const body = (await answer.json()) as { code: number; data: { rows: ServerLine[] } };
    expect(body.code).toBe(200);
    return body.data.rows;
  }

  async function waitForServer(check: (lines: ServerLine[]) => boolean): Promise<ServerLine[]> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const lines = await serverLines();
      if (check(lines)) return lines;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server never had the expected lines');
  }

  const lineCount = (target: Page) => target.getByTestId('line-count').textContent();
  const expectCount = async (target: Page, count: number) => {
    await target.waitForFunction((text) => document.querySelector('[data-testid="line-count"]')?.textContent === text, `${count} of ${count} lines`);
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'dub-editor-e2e-'));
    const video = join(workDir, 'talk.mp4');
    await makeTestVideo(video, VIDEO_SECONDS);
    server = await startTestServer({ nodeEnv: 'development' });
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: email }, password);
    seeded = await seedDubTask(server.app.db, server.app.services.blobStore, systemClock, {
      userId: user.id,
      showName: 'Editor journey',
      videoPath: video,
      durationMs: VIDEO_SECONDS * 1000,
      lines: evenLines(LINE_COUNT),
    });
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await context.exposeFunction('reportCspViolation', (v: { directive: string; sample: string }) => void violations.push(v));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation(v: unknown): void }).reportCspViolation({ directive: e.violatedDirective, sample: e.sample });
      });
    });
    page = await context.newPage();
    await signIn(page, server.url, email, password);
    second = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('opens the task with its lines, speakers and the waveform timeline', async () => {
    await page.goto(`${server.url}/dub?id=${seeded.taskId}`);
    await page.getByTestId('dub-editor').waitFor({ timeout: 20_000 });
    await expectCount(page, LINE_COUNT);
    expect(await page.getByTestId('record-name').inputValue()).toBe('Editor journey');
    const region = page.getByTestId(`region-${seeded.segmentIds[1]}`);
    await region.waitFor({ timeout: 20_000 });
    // The region spans its line (2.0–3.6 s of 30 s) on the fitted lane, not a marker at 0 s.
    const lane = (await page.getByTestId('timeline-lane-original').boundingBox())!;
    const box = (await region.boundingBox())!;
    const pxPerMs = lane.width / (VIDEO_SECONDS * 1000);
    expect(Math.abs(box.x - lane.x - 2000 * pxPerMs)).toBeLessThan(6);
    expect(Math.abs(box.width - 1600 * pxPerMs)).toBeLessThan(6);
    await second.goto(`${server.url}/audioEdit?id=${seeded.taskId}`);
    await expectCount(second, LINE_COUNT);
    expect(violations).toEqual([]);
  });

  it('drags a region later: the line is retimed on the server', async () => {
    const lineId = seeded.segmentIds[1]!;
    const region = page.getByTestId(`region-${lineId}`);
    const box = (await region.boundingBox())!;
    // At the fitted zoom a 30 s video is ~45 px a second; 8 px is ~0.2 s, inside the 0.4 s gap.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 8, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const lines = await waitForServer((rows) => rows.find((row) => row.id === lineId)?.startMs !== 2000);
    const moved = lines.find((row) => row.id === lineId)!;
    expect(moved.startMs).toBeGreaterThan(2000);
    expect(moved.endMs - moved.startMs).toBe(1600);
    expect(moved.endMs).toBeLessThanOrEqual(4000);
    expect(await page.getByTestId(`line-start-${lineId}`).inputValue()).not.toBe('00:00:02,000');
  });

  it('splits the selected line at the playhead', async () => {
    await page.getByTestId(`line-${seeded.segmentIds[4]}`).getByRole('button', { name: /Play from line 5/ }).click();
    await page.keyboard.press('s');
    await expectCount(page, LINE_COUNT + 1);
  });

  it('merges lines of two speakers after asking which speaker keeps the line', async () => {
    await page.getByTestId(`line-${seeded.segmentIds[0]}`).getByRole('button', { name: /Play from line 1/ }).click();
    await page.getByTestId('tool-merge').click();
    const question = page.getByTestId('merge-question');
    await question.waitFor();
    await question.getByTestId(`merge-keep-${seeded.speakerIds[1]}`).click();
    await expectCount(page, LINE_COUNT);
    await waitForServer((rows) => rows.length === LINE_COUNT && rows[0]!.speakerId === seeded.speakerIds[1]);
  });

  it('undoes five steps, then says nothing is undoable', async () => {
    // Three more edits: five and more steps in all, the editor keeps the last five.
    await page.getByTestId('tool-insert').click();
    await expectCount(page, LINE_COUNT + 1);
    const lastText = page.getByTestId(`line-text-${seeded.segmentIds[2]}`);
    await lastText.fill('Edited in the journey.');
    await lastText.press('Enter');
    await page.getByTestId('tool-delete').click();
    for (let step = 0; step < 5; step += 1) {
      await page.getByTestId('tool-undo').click();
    }
    // The history is empty: the button stays clickable (dimmed) and its click is answered.
    await expect(page.getByTestId('tool-undo').getAttribute('data-empty')).resolves.toBe('true');
    await page.getByTestId('tool-undo').click();
    const refusal = page.getByTestId('editor-refusal');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-refusal')).toBe('nothingUndoable');
    expect(await refusal.textContent()).toContain('Nothing undoable');
  });

  it('the second window shows the same lines, through the broadcast channel', async () => {
    const first = await lineCount(page);
    await expectCount(second, Number(first!.split(' ')[0]));
    const startsOf = (target: Page) =>
      target.$$eval('[data-testid^="line-start-"]', (inputs) => inputs.slice(0, 6).map((input) => (input as HTMLInputElement).value));
    await second.waitForFunction(
      (expected) => JSON.stringify([...document.querySelectorAll('[data-testid^="line-start-"]')].slice(0, 6).map((input) => (input as HTMLInputElement).value)) === expected,
      JSON.stringify(await startsOf(page)),
    );
    expect(await startsOf(second)).toEqual(await startsOf(page));
  });

  // Issue 27: /dub without a task is a notice; the editor's code (wavesurfer, the machines) is neither
  // preloaded by the page nor fetched by the route.
  it('without a task the page shows its notice and never fetches the editor', async () => {
    const visit = await context.newPage();
    const scripts: string[] = [];
    visit.on('request', (request) => {
      if (request.url().includes('/assets/')) scripts.push(new URL(request.url()).pathname);
    });
    await visit.goto(`${server.url}/dub`);
    await visit.getByTestId('dub-editor-notice').waitFor({ timeout: 20_000 });
    expect(scripts.some((path) => /\/dub-editor\.route-[^/]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/task-editor-/.test(path))).toEqual([]);
    expect(violations).toEqual([]);
    await visit.close();
  });
});
