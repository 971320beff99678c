// Speech played into a live meeting as the host's microphone would, shared by the live benches
// (socket figures in live.bench.ts, DOM figures in Chromium in live-browser.bench.ts): the same
// sentences, the same real-time pacing of 40 ms frames, and the same host start.
import { LIVE_AUDIO_FRAME_MS } from '../../src/shared/contract/limits';
import { PocketsphinxRecognizer } from '../../server/src/engines/pocketsphinx-recognizer';
import type { SpeechRecognizer } from '../../server/src/engines/types';
import { framesOf, LiveClient, type LiveTestServer, type timedSentences } from '../../server/src/testing/live-test-kit';

export const SENTENCES = ['hello everyone and welcome to the meeting', 'the weather is good today', 'i want some water', 'open the door'];
/** Spoken first in each meeting and not measured: the decoder's live cepstral mean adapts per utterance. */
export const WARM_UP_SENTENCE = 'good morning and thank you for coming';

export type Speech = Awaited<ReturnType<typeof timedSentences>>;

const sleepUntil = async (at: number) => {
  const wait = at - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

/** Hands over one 40 ms frame when its 40 ms have been "captured": audio position t is wall time start + t. */
export async function paceFrames(samples: Int16Array, send: (frame: Buffer, index: number) => void): Promise<{ start: number; frames: number }> {
  const frames = framesOf(samples);
  const start = performance.now();
  for (let i = 0; i < frames.length; i++) {
    await sleepUntil(start + (i + 1) * LIVE_AUDIO_FRAME_MS);
    send(frames[i]!, i);
  }
  return { start, frames: frames.length };
}

/** Feeds speech as the host's microphone would, frames numbered from firstSeq. */
export function speak(host: LiveClient, samples: Int16Array, firstSeq: number): Promise<{ start: number; frames: number }> {
  return paceFrames(samples, (frame, i) => host.sendFrame(firstSeq + i, frame));
}

/**
 * The host joins and starts the meeting. Meeting creation and the host's arrival started a helper
 * (prepareRecognition); it has loaded its model by now unless the machine is very slow: wait for
 * that, the product does not make speech wait.
 */
export async function startHost(server: LiveTestServer, meetingId: string, token: string): Promise<{ host: LiveClient; recognizer: SpeechRecognizer }> {
  const host = await LiveClient.open(server.wsUrl(meetingId, token));
  host.send({ type: 'resume', lastSeq: 0 });
  host.send({ type: 'control', action: 'start' });
  await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
  const recognizer = server.app.services.engines.recognizerFor('en-US');
  await Promise.all((recognizer instanceof PocketsphinxRecognizer ? recognizer.helpers.helpers() : []).map((h) => h.ready));
  return { host, recognizer };
}
