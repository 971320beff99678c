// `npm run bench -- lighthouse` (issue 27): Lighthouse 12 (the npm package; 13 needs Node 22) in
// Debian's chromium on the built app, mobile (its default: a mid-range phone on a slow 4G link,
// simulated) and desktop presets, on /login, /recordList, a transcript page, /meeting and /dub. Each
// run starts from a fresh browser profile (cold caches) holding only the session cookie of a demo user
// with one translated record; the scores are printed beside the issue's aims (mobile performance
// >= 90 on /login and >= 80 elsewhere, desktop >= 95, accessibility 100, CLS < 0.1, mobile TBT < 300 ms).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { systemClock } from '../server/src/clock';
import { issueToken } from '../server/src/domain/session/tokens';
import { createUser } from '../server/src/domain/session/users';
import { createRecord } from '../server/src/domain/records/create-record';
import { startTestServer } from '../server/src/testing/start-test-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { freePort } from './support/free-port';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PRESETS = ['mobile', 'desktop'] as const;

interface Scores {
  scores: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAccessibility: string[];
  /** Why Lighthouse could not measure the page (its runtimeError code), when it could not. */
  runtimeError: string | null;
}

/** `LIGHTHOUSE_PAGES=/meeting,/dub` and `LIGHTHOUSE_PRESETS=mobile` narrow a run to what is being worked on. */
function listFilter(name: string): string[] | null {
  const value = process.env[name]?.trim();
  return value ? value.split(',').map((item) => item.trim()) : null;
}

/**
 * `LIGHTHOUSE_LHR_DIR=/tmp/lhr` keeps each full report (JSON) for reading its audits and warnings,
 * and the page load's trace beside it (open it in DevTools' Performance panel to find long tasks).
 */
function keepReport(label: string, preset: string, result: RunnerResult): void {
  const dir = process.env.LIGHTHOUSE_LHR_DIR;
  if (!dir) return;
  const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${preset}`;
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(result.lhr));
  const trace = result.artifacts.Trace;
  if (trace) writeFileSync(join(dir, `${name}.trace.json`), JSON.stringify(trace));
}

/** One Lighthouse run in a fresh chromium profile that holds the session cookie (if any). */
async function audit(label: string, url: string, preset: (typeof PRESETS)[number], cookie: { name: string; value: string } | null): Promise<Scores> {
  const profile = mkdtempSync(join(tmpdir(), 'parley-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    // Storage is not reset (it would drop the cookie); the profile is new, so caches are cold anyway.
    const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, disableStorageReset: true }, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    keepReport(label, preset, result);
    const { categories, audits } = result.lhr;
    const accessibilityAudits = categories.accessibility?.auditRefs ?? [];
    return {
      scores: CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      failedAccessibility: accessibilityAudits.filter((ref) => audits[ref.id]?.score === 0).map((ref) => ref.id),
      runtimeError: result.lhr.runtimeError?.code ?? null,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export const lighthouseBench = {
  title: 'Lighthouse 12 in chromium: performance / accessibility / best practices / SEO, mobile and desktop presets',
  async run(): Promise<string[]> {
    if (!existsSync('dist/web/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    // LIGHTHOUSE_WEB_DIR audits another build (a copy of dist/web from before a change, run back to back).
    const webDir = process.env.LIGHTHOUSE_WEB_DIR;
    const server = await startTestServer(webDir ? { webDir } : {});
    try {
      const user = await createUser(server.app.db, systemClock, { kind: 'email', value: `lighthouse-${Date.now()}@example.com` }, 'parley2go');
      const token = await issueToken(server.app.db, systemClock, user.id);
      const record = await createRecord(server.app.db, systemClock, {
        userId: user.id,
        showName: 'Quarterly talk',
        state: 'translation_completed',
        languages: ['en-US'],
        targetLanguages: ['es-ES'],
        durationMs: 600_000,
        segments: Array.from({ length: 200 }, (_, index) => ({
          startMs: index * 3000,
          endMs: index * 3000 + 2500,
          speaker: index % 2 ? 'Ann' : 'Bob',
          text: `Line ${index + 1}: the numbers for the quarter are up, and the plan holds.`,
          translation: `Línea ${index + 1}: las cifras del trimestre suben y el plan se mantiene.`,
        })),
      });
      const session = { name: 'Admin-Token', value: token };
      const pages: Array<[string, string, typeof session | null]> = [
        ['/login', '/login', null],
        ['/recordList', '/recordList', session],
        ['transcript page', `/meetingDetail?id=${record.id}`, session],
        ['/meeting', '/meeting', session],
        ['/dub', '/dub', session],
      ];
      const lines = [`${'page'.padEnd(16)} ${'preset'.padEnd(8)} perf/a11y/bp/seo   LCP       TBT       CLS    failed a11y audits`];
      const onlyPages = listFilter('LIGHTHOUSE_PAGES');
      const onlyPresets = listFilter('LIGHTHOUSE_PRESETS');
      for (const [label, path, cookie] of pages) {
        if (onlyPages && !onlyPages.includes(label)) continue;
        for (const preset of PRESETS) {
          if (onlyPresets && !onlyPresets.includes(preset)) continue;
          const found = await audit(label, `${server.url}${path}`, preset, cookie);
          lines.push(
            [
              label.padEnd(16),
              preset.padEnd(8),
              found.scores.join('/').padEnd(18),
              `${(found.lcpMs / 1000).toFixed(1)} s`.padEnd(9),
              `${Math.round(found.tbtMs)} ms`.padEnd(9),
              found.cls.toFixed(3).padEnd(6),
              found.runtimeError ? `runtime error ${found.runtimeError}` : found.failedAccessibility.join(', ') || '-',
            ].join(' '),
          );
        }
      }
      return lines;
    } finally {
      await server.close();
    }
  },
};
