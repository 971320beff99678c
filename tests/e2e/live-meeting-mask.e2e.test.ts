// Sensitive words in a live meeting, in Debian's chromium (features §6, issue 26 §8 and §3): the
// host's meeting uses a library with a sensitive word; an invited participant on a 390 px phone
// (Spanish), a cast screen on a signed-out phone whose language the host set to Spanish, and a cast
// screen opened in the host's own signed-in browser all read the word masked, in the line and its
// translation; the host's page reads it as spoken and keeps its seat. The phone screen shows the
// meeting's name and the chosen language first and largest, like the participant's page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '../../server/src/domain/session/users';
import { issueToken } from '../../server/src/domain/session/tokens';
import { grantToUserId } from '../../server/src/domain/entitlements/grants';
import { SVIP } from '../../server/src/domain/vouchers/package-types';
import { call } from '../../server/src/testing/inject';
import { startTestServer } from '../../server/src/testing/start-test-server';
import { memoryVocabularySource } from '../../server/src/testing/test-vocabulary';
import { expectAccessible } from './support/accessibility';
import { launchChromium } from './support/browser';
import { HOST_MEDIA_ARGS, signIn, startMeeting } from './support/meeting-host';

const PHONE = { width: 390, height: 844 };
const MASKED_LINE = 'The ★★★★★★★ report for ★★★★★★★ ★★★★★★ is ready.';
const MASKED_TRANSLATION = 'El informe del ★★★★★★★ para ★★★★★★★ ★★★★★★ está listo.';

describe('sensitive words: masked on cast screens and for the invited, the host reads them', () => {
  const libraries: Parameters<typeof memoryVocabularySource>[0] = {};
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let hostBrowser: Browser;
  let guestBrowser: Browser;
  const contexts: BrowserContext[] = [];
  let host: Page;
  let hostContext: BrowserContext;
  let hostToken = '';
  let meetingId = '';
  let castCode = '';
  const email = `masking-host-${Date.now()}@example.com`;
  const password = 'parley2go';
  const shots = process.env.E2E_SCREENSHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parley-mask-shots-'));
  const readers: Record<string, Page> = {};

  const pageIn = async (context: BrowserContext, name: string) => {
    const opened = await context.newPage();
    opened.on('pageerror', (error) => console.error(`[${name}] page error:`, error.message));
    return opened;
  };
  const post = (apiPath: string, body: unknown) => call(server.app, 'POST', apiPath, { token: hostToken, body, lang: 'en-US' });

  beforeAll(async () => {
    server = await startTestServer({ nodeEnv: 'development' }, { vocabularySource: memoryVocabularySource(libraries) });
    const hostUser = await createUser(server.app.db, { now: () => new Date() }, { kind: 'email', value: email }, password);
    // Vocabulary, invitations and casting are SVIP rights (features §6).
    await grantToUserId(server.app.db, { now: () => new Date() }, hostUser.id, SVIP, 30);
    hostToken = await issueToken(server.app.db, server.app.services.clock, hostUser.id);
    libraries.hidden = { userId: hostUser.id, name: 'Hidden', set: { sensitiveWords: ['weather', 'Project Falcon'] } };
    hostBrowser = await launchChromium(HOST_MEDIA_ARGS);
    guestBrowser = await launchChromium();
    hostContext = await hostBrowser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    contexts.push(hostContext);
    host = await pageIn(hostContext, 'host');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await hostBrowser?.close();
    await guestBrowser?.close();
    await server?.close();
  });

  it('opens the readers: an invited phone in Spanish, a phone screen in Spanish, a screen in the host’s browser', async () => {
    await signIn(host, server.url, email, password);
    await startMeeting(host, server.url, 'Quarterly review');
    meetingId = new URL(await host.getByTestId('share-link').inputValue()).searchParams.get('meetingId') ?? '';
    expect((await post('/speech/meeting/edit', { id: meetingId, documentIds: ['hidden'] })).code).toBe(200);
    const invitation = await post('/speech/meeting/invite', { meetingId, expiry: '24h' });
    const inviteLink = `${server.url}/meetingShare?invite=${new URL(invitation.data.invitation.url, server.url).searchParams.get('invite')}`;
    castCode = (await post('/speech/meeting/createScreenCode', { meetingId })).data.code;

    const phone = async (name: string) => {
      const context = await guestBrowser.newContext({ locale: 'en-US', viewport: PHONE, isMobile: true, hasTouch: true });
      contexts.push(context);
      return pageIn(context, name);
    };
    readers.invited = await phone('invited');
    await readers.invited.goto(inviteLink);
    await readers.invited.getByTestId('join-name').fill('Lucía');
    await readers.invited.getByTestId('join-language').selectOption('es-ES');
    await readers.invited.getByTestId('join-submit').click();
    await readers.invited.getByTestId('subtitles').waitFor();

    readers.phoneScreen = await phone('phone screen');
    readers.ownScreen = await pageIn(hostContext, 'screen in the host’s browser');
    for (const screen of [readers.phoneScreen, readers.ownScreen]) {
      await screen.goto(`${server.url}/screenProjection?code=${castCode}`);
      await screen.waitForSelector('[data-testid="screen-projection"][data-stage="showing"]', { timeout: 20_000 });
    }
    // The host picks Spanish for the screen (remote control); the screen follows.
    expect((await post('/speech/meeting/screenOperation', { meetingId, action: 'style', code: castCode, translationLanguage: 'es-ES' })).code).toBe(200);
    await readers.phoneScreen.waitForSelector('[data-testid="screen-projection"][data-language="es-ES"]', { timeout: 20_000 });
    // Four browser pages and the server on a shared 2-core machine: minutes, not seconds.
  }, 300_000);

  it('shows the masked line and translation to every reader but the host, who keeps the meeting', async () => {
    const hub = server.app.services.liveHub;
    const line = { segmentId: 'masking-1', startMs: 0, endMs: 2000, lang: 'en-US' };
    await hub.publish(meetingId, { type: 'subtitle.partial', ...line, text: 'the weather report for project falcon' });
    await hub.publish(meetingId, {
      type: 'subtitle.final',
      ...line,
      text: 'The weather report for Project Falcon is ready.',
      translations: { 'es-ES': 'El informe del weather para Project Falcon está listo.' },
    });
    await host.getByTestId('subtitle-original').filter({ hasText: 'The weather report for Project Falcon is ready.' }).waitFor({ timeout: 20_000 });
    for (const [name, reader] of Object.entries(readers)) {
      await reader.getByTestId('subtitle-original').filter({ hasText: MASKED_LINE }).waitFor({ timeout: 20_000 });
      const text = await reader.locator('body').innerText();
      expect(text, name).not.toMatch(/weather|falcon/i);
    }
    for (const reader of [readers.invited!, readers.phoneScreen!]) {
      await reader.getByTestId('subtitle-translation').filter({ hasText: MASKED_TRANSLATION }).waitFor({ timeout: 20_000 });
    }
    // The screen in the host's browser did not take the host's seat.
    expect(await host.getAttribute('[data-testid="meeting-status"]', 'data-status')).toBe('in_progress');
    expect(await host.getByTestId('screens-connected').innerText()).toContain('2 screens');
  }, 120_000);

  it('lays the phone screen out like the participant’s page: name, Spanish first and largest', async () => {
    const screen = readers.phoneScreen!;
    expect(await screen.getByTestId('projection-meeting-name').innerText()).toBe('Quarterly review');
    const sizeOf = (testId: string) =>
      screen.getByTestId('projection-subtitles').getByTestId(testId).first().evaluate((node) => ({ size: parseFloat(getComputedStyle(node).fontSize), top: node.getBoundingClientRect().top }));
    const translation = await sizeOf('subtitle-translation');
    const original = await sizeOf('subtitle-original');
    expect(translation.top).toBeLessThan(original.top);
    expect(translation.size).toBeGreaterThan(original.size);
    // The subtitles use the screen: the panel reaches the bottom, nothing scrolls sideways.
    const panel = await screen.getByTestId('projection-subtitles').boundingBox();
    expect(panel!.y + panel!.height).toBeGreaterThan(PHONE.height - 2);
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(screen, 'projection screen on a phone');
    await screen.screenshot({ path: path.join(shots, 'projection-phone-390.png') });
    await readers.invited!.screenshot({ path: path.join(shots, 'participant-phone-390.png') });
    await readers.ownScreen!.screenshot({ path: path.join(shots, 'projection-1440.png') });
    await host.screenshot({ path: path.join(shots, 'host-1440.png') });
  }, 120_000);
});
