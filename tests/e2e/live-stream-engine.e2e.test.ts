// A zh-CN meeting whose recognition is a streaming server speaking the Vosk protocol (a local one,
// server/src/engines/vosk-stream/fake-vosk-server.ts): the host's audio frames come from a socket
// client (the fake engine reads words from sample values, which a browser microphone would not
// keep), and a signed-out participant in Debian's chromium, interface in zh-CN, joins by the share
// link and reads the zh-CN subtitles the adapter produced, across a drop of the engine connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadEngineConfig } from '../../server/src/engines/config';
import { fakeSpeech, startFakeVoskServer, type FakeVoskServer } from '../../server/src/engines/vosk-stream/fake-vosk-server';
import { feed, FRAME_BYTES, LiveClient, startLiveServer, type LiveTestServer } from '../../server/src/testing/live-test-kit';
import { launchChromium } from './support/browser';

const LEXICON = ['大家好', '欢迎', '参加', '会议'];

describe('live meeting on a streaming recognition server: a participant reads zh-CN subtitles', () => {
  let vosk: FakeVoskServer;
  let server: LiveTestServer;
  let browser: Browser;
  let guest: Page;

  beforeAll(async () => {
    // The engine connection drops 1.3 s into the meeting, inside the first utterance.
    vosk = await startFakeVoskServer({ lexicon: LEXICON, dropFirstAfterBytes: 1300 * 32 });
    server = await startLiveServer({ nodeEnv: 'development', engines: loadEngineConfig({ ASR_STREAM_URL_ZH_CN: vosk.url }) });
    browser = await launchChromium();
    guest = await (await browser.newContext({ locale: 'zh-CN', viewport: { width: 900, height: 900 } })).newPage();
    guest.on('pageerror', (error) => console.error('[guest] page error:', error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await vosk?.close();
  });

  it('shows the adapter\'s zh-CN finals to a participant who joined by the link', async () => {
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { name: '周会', recognitionLanguages: ['zh-CN'], translationLanguages: ['zh-CN'] });
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    await host.waitFor((m) => m.type === 'ready');
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    await guest.goto(`${server.url}${meeting.shareUrl}`);
    await guest.getByTestId('meeting-join').waitFor();
    await guest.getByTestId('join-name').fill('小林');
    const offered = await guest.getByTestId('join-language').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    if (offered.includes('zh-CN')) await guest.getByTestId('join-language').selectOption('zh-CN');
    await guest.getByTestId('join-submit').click();
    await guest.waitForURL(/\/meetingShareIng\?/);
    await guest.getByTestId('subtitles').waitFor();

    const audio = fakeSpeech([
      { silenceMs: 400 }, { word: 0, ms: 600 }, { word: 1, ms: 600 }, { silenceMs: 600 },
      { word: 2, ms: 500 }, { word: 3, ms: 500 }, { silenceMs: 600 },
    ]);
    const frames: Buffer[] = [];
    for (let at = 0; at < audio.length; at += FRAME_BYTES) frames.push(audio.subarray(at, at + FRAME_BYTES));
    await feed(host, frames, 0, 20, 5);

    await guest.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="subtitle-original"]')].map((n) => n.textContent ?? '').join('|').includes('参加会议'),
      undefined,
      { timeout: 30_000 },
    );
    const lines = await guest.getByTestId('subtitle-original').allInnerTexts();
    expect(lines.map((line) => line.trim())).toEqual(expect.arrayContaining(['大家好欢迎', '参加会议']));
    expect(vosk.connections).toBeGreaterThanOrEqual(2);
    host.send({ type: 'control', action: 'stop' });
    host.close();
  }, 120_000);
});
