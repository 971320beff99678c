// Issue 27: Lighthouse's accessibility audit of a translated transcript page found the export-content
// select without a name and line text below contrast (a stale translation faded to 2.8:1). The same
// checks (axe, WCAG 2.1 A/AA) on a translated record with out-of-date translations, at desktop and
// phone widths.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { systemClock } from '../../server/src/clock';
import { issueToken } from '../../server/src/domain/session/tokens';
import { createUser } from '../../server/src/domain/session/users';
import { createRecord } from '../../server/src/domain/records/create-record';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';

describe('translated transcript page accessibility', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let token = '';
  let recordId = '';

  beforeAll(async () => {
    server = await startTestServer();
    const user = await createUser(server.app.db, systemClock, { kind: 'email', value: `transcript-a11y-${Date.now()}@example.com` }, 'parley2go');
    token = await issueToken(server.app.db, systemClock, user.id);
    const record = await createRecord(server.app.db, systemClock, {
      userId: user.id,
      showName: 'Quarterly talk',
      state: 'translation_completed',
      languages: ['en-US'],
      targetLanguages: ['es-ES'],
      durationMs: 65_000,
      segments: [
        { startMs: 0, endMs: 1500, speaker: 'Ann', text: 'Hello there.', translation: 'Hola.' },
        { startMs: 1500, endMs: 3000, speaker: 'Bob', text: 'Hi Ann, the numbers are up.', translation: 'Hola Ann, los números suben.' },
      ],
    });
    recordId = record.id;
    // The original text was edited after translating: both translations are out of date.
    await server.app.db.updateTable('record_segments').set({ translation_stale: 1 }).where('record_id', '=', recordId).execute();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`has no WCAG 2.1 A/AA violation (${label})`, async () => {
      const context = await browser.newContext({ locale: 'en-US', viewport });
      try {
        await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
        const page = await context.newPage();
        await page.goto(`${server.url}/meetingDetail?id=${recordId}`);
        await page.getByTestId('segment-translation-stale').first().waitFor();
        await page.getByTestId('export-content').waitFor();
        await expectAccessible(page, `translated transcript page (${label})`);
      } finally {
        await context.close();
      }
    });
  }
});
