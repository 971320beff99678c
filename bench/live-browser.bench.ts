// Live subtitles as readers see them: the same timed speech as the live bench (espeak-ng words with
// known onsets, fed in real time by a host socket), read in Debian's chromium on a participant's
// page (/meetingShareIng, Spanish) and on a cast screen (/screenProjection, the spoken language).
// Each page records, with Date.now(), when each subtitle text first appears in the DOM (a
// MutationObserver, no polling); then, per page:
//  - word onset → first DOM subtitle (partial or final) holding the word;
//  - speech end → the utterance's final line in the DOM (aim p95 ≤ 1.0 s).
// The pages run on the same machine as the server and its recogniser: the load average is printed
// beside every figure, as the figures move with it.
import os from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/support/browser';
import { startLiveServer, timedSentences, type TimedUtterance } from '../server/src/testing/live-test-kit';
import { grantToUserId } from '../server/src/domain/entitlements/grants';
import { SVIP } from '../server/src/domain/vouchers/package-types';
import { call } from '../server/src/testing/inject';
import { onsetLatencies, spread, type Shown } from './live.bench';
import { SENTENCES, speak, startHost, WARM_UP_SENTENCE, type Speech } from './support/live-playback';

interface Seen {
  at: number;
  kind: 'subtitle.partial' | 'subtitle.final';
  startMs: number;
  text: string;
}

/** Runs in the page: every new or changed subtitle text, with the wall time it appeared. */
function recordSubtitles() {
  const seen: Seen[] = [];
  const last = new WeakMap<Element, string>();
  (window as unknown as { __subtitlesSeen: Seen[] }).__subtitlesSeen = seen;
  const scan = () => {
    const at = Date.now();
    for (const node of document.querySelectorAll('[data-testid="subtitle-final"], [data-testid="subtitle-partial"]')) {
      const original = node.matches('[data-testid="subtitle-final"]') ? node.querySelector('[data-testid="subtitle-original"]') : node;
      const text = (original?.textContent ?? '').trim();
      if (!text || last.get(node) === text) continue;
      last.set(node, text);
      const kind = node.matches('[data-testid="subtitle-final"]') ? 'subtitle.final' : 'subtitle.partial';
      seen.push({ at, kind, startMs: Number(node.getAttribute('data-start-ms')), text });
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Which utterance a DOM line belongs to (the one its audio start falls in, meeting audio from offsetMs on). */
function utteranceAt(utterances: TimedUtterance[], startMs: number, offsetMs: number): number {
  const at = startMs - offsetMs;
  return utterances.findIndex((u) => at < u.endMs + 300 && at > u.onsetsMs[0]! - 600);
}

function figures(speech: Speech, seen: Seen[], offsetMs: number, startWall: number) {
  const shown: Shown[] = seen.map((s) => ({
    at: s.at,
    utterance: utteranceAt(speech.utterances, s.startMs, offsetMs),
    kind: s.kind,
    words: s.text.toLowerCase().split(/[^\p{L}']+/u).filter(Boolean),
  }));
  const onset = onsetLatencies(speech.utterances, shown, startWall);
  const endToFinal: number[] = [];
  speech.utterances.forEach((u, ui) => {
    const final = shown.find((s) => s.utterance === ui && s.kind === 'subtitle.final');
    if (final) endToFinal.push(final.at - (startWall + u.endMs));
  });
  return { onset, endToFinal };
}

export const liveBrowserBench = {
  title: 'Live subtitles in chromium: word onset → first DOM subtitle with the word, speech end → final line in the DOM, on a participant’s page and a cast screen (with the load average)',
  async run(): Promise<string[]> {
    const lines: string[] = [];
    const speech = await timedSentences(SENTENCES);
    const warmUp = await timedSentences([WARM_UP_SENTENCE], { tailMs: 1000 });
    const offsetMs = (warmUp.samples.length / 16_000) * 1000;
    lines.push(`load average at start ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
    const server = await startLiveServer();
    const browser = await launchChromium();
    try {
      const owner = await server.signUp();
      await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
      const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'] });
      const cast = await call(server.app, 'POST', '/speech/meeting/createScreenCode', { token: owner.token, body: { meetingId: meeting.id }, lang: 'en-US' });
      const open = async (path: string, width: number, height: number) => {
        const context = await browser.newContext({ locale: 'en-US', viewport: { width, height } });
        // tsx (esbuild, keepNames) wraps inner functions in __name(): the page needs it defined.
        await context.addInitScript({ content: `var __name = (f) => f; (${recordSubtitles.toString()})();` });
        const page = await context.newPage();
        await page.goto(`${server.url}${path}`);
        return page;
      };
      const participant = await open(`/meetingShareIng?meetingId=${meeting.id}&lang=es-ES&name=Bench`, 390, 844);
      await participant.getByTestId('subtitles').waitFor({ timeout: 60_000 });
      const screen = await open(`/screenProjection?code=${cast.data.code}`, 1440, 900);
      await screen.waitForSelector('[data-testid="screen-projection"][data-stage="showing"]', { timeout: 60_000 });

      const { host } = await startHost(server, meeting.id, owner.token);
      // One unmeasured utterance first, as in the live bench (the decoder adapts to the voice).
      const warm = await speak(host, warmUp.samples, 0);
      // A final counts once complete: the line goes out as spoken first, its translation follows (same segment).
      const complete = (m: { type: string; pending?: boolean }) => m.type === 'subtitle.final' && !m.pending;
      await host.waitForCount(complete, 1, 30_000).catch(() => undefined);
      const pages: Array<[string, Page]> = [['participant page (390 px, es-ES)', participant], ['cast screen (1440 px)', screen]];
      for (const [, page] of pages) await page.evaluate(() => ((window as unknown as { __subtitlesSeen: unknown[] }).__subtitlesSeen.length = 0));
      const finalsBefore = host.messages.filter(complete).length;
      // The frames are paced on performance.now(); the pages stamp with Date.now(): tie the two here.
      const wallMinusPerf = Date.now() - performance.now();
      const { start } = await speak(host, speech.samples, warm.frames);
      const startWall = start + wallMinusPerf;
      const loadWhileSpeaking = os.loadavg()[0]!;
      await host.waitForCount(complete, finalsBefore + speech.utterances.length, 120_000).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1500));
      for (const [name, page] of pages) {
        const seen = await page.evaluate(() => (window as unknown as { __subtitlesSeen: Seen[] }).__subtitlesSeen);
        lines.push(`${name}: ${seen.length} subtitle texts appeared in the DOM while the speech was measured`);
        const { onset, endToFinal } = figures(speech, seen, offsetMs, startWall);
        if (process.env.LIVE_BROWSER_BENCH_DEBUG === '1') console.error(name, JSON.stringify(seen.slice(0, 12)), { offsetMs, startWall, utterances: speech.utterances });
        lines.push(
          `${name}: word onset → first DOM subtitle with the word ${spread(onset.latencies)} over ${onset.latencies.length} of ${onset.expected} words ` +
            `(${onset.finalOnly} only in a final, ${onset.never} never shown); speech end → final in the DOM ${spread(endToFinal)} ` +
            `over ${endToFinal.length} of ${speech.utterances.length} utterances (aim p95 ≤ 1000 ms); load average ${loadWhileSpeaking.toFixed(1)}`,
        );
      }
      host.send({ type: 'control', action: 'stop' });
      host.close();
      lines.push(`load average at end ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
    } finally {
      await browser.close();
      await server.close();
    }
    return lines;
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await liveBrowserBench.run()) console.log(line);
  process.exit(0);
}
