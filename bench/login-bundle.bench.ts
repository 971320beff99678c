// Gzip size of the JavaScript that /login loads before its form first paints, against the 170 KB
// budget of the foundation issue. Measured in Debian's chromium against the built app, so lazy
// chunks that the login route really fetches are counted and chunks it does not need are not.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { startTestServer } from '../server/src/testing/start-test-server';
import { launchChromium } from '../tests/e2e/support/browser';
import { LOGIN_JS_BUDGET_BYTES, measureLoginScripts } from '../tests/e2e/support/login-bundle';

export const loginBundleBench = {
  title: 'JavaScript loaded by /login before first paint (gzip) vs 170 KB budget',
  async run(): Promise<string[]> {
    if (!existsSync('dist/web/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    const server = await startTestServer();
    const browser = await launchChromium();
    try {
      const { sizes, total } = await measureLoginScripts(browser, server.url);
      const lines = [...sizes.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([path, size]) => `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${path}`);
      return [
        ...lines,
        `total:  ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} files`,
        `budget: ${(LOGIN_JS_BUDGET_BYTES / 1024).toFixed(0)} KB`,
        `ratio:  ${(total / LOGIN_JS_BUDGET_BYTES).toFixed(2)} of the budget (under 1 is within it)`,
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
