// What /login costs in JavaScript before its form paints: every script response (gzip-compressed
// here, as a server would send it) from navigation until the sign-in button is shown and the network
// is idle, so lazy chunks the page really fetches count and chunks it does not need do not. Shared by
// the bench (bench/login-bundle.bench.ts) and the budget test (tests/e2e/login-bundle.e2e.test.ts).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** Issue 10's budget for the sign-in page's JavaScript (gzip). */
export const LOGIN_JS_BUDGET_BYTES = 170 * 1024;

export interface LoginScripts {
  /** gzip bytes per script path. */
  sizes: Map<string, number>;
  total: number;
}

export async function measureLoginScripts(browser: Browser, baseUrl: string, locale = 'en-US'): Promise<LoginScripts> {
  const context = await browser.newContext({ locale });
  try {
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then(
          (body) => void sizes.set(new URL(response.url()).pathname, gzipSync(body).length),
          () => undefined,
        ),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-submit').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    return { sizes, total: [...sizes.values()].reduce((sum, size) => sum + size, 0) };
  } finally {
    await context.close();
  }
}
