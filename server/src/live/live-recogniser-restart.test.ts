// The live recogniser's helper process dying mid-meeting (killed, crashed, out of memory): the host is
// told in its language that recognition failed, and the next audio runs in a fresh helper, so the
// meeting goes on with subtitles instead of silently stopping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PocketsphinxRecognizer } from '../engines/pocketsphinx-recognizer';
import { feed, framesOf, LiveClient, startLiveServer, twoSentences, type LiveTestServer } from '../testing/live-test-kit';

let server: LiveTestServer;
let speech: Awaited<ReturnType<typeof twoSentences>>;

beforeAll(async () => {
  [server, speech] = await Promise.all([startLiveServer(), twoSentences()]);
});
afterAll(async () => {
  await server?.close();
});

describe('live recogniser helper restart', () => {
  it('reports a killed helper to the host and recognises the next sentence in a new one', async () => {
    const recognizer = server.app.services.engines.recognizerFor('en-US');
    expect(recognizer).toBeInstanceOf(PocketsphinxRecognizer);
    const helpers = (recognizer as PocketsphinxRecognizer).helpers;
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner);
    const participant = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token));
    participant.send({ type: 'resume', lastSeq: 0 });
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    const frames = framesOf(speech.samples);
    // About 1.5 s in: the first sentence is being spoken, so the helper holds an open utterance.
    const cut = Math.round(1500 / 40);
    await feed(host, frames.slice(0, cut));
    let victim = helpers.helpers().find((h) => h.midUtterance);
    for (let i = 0; !victim && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      victim = helpers.helpers().find((h) => h.midUtterance);
    }
    expect(victim).toBeDefined();
    const killedPid = victim!.pid!;
    process.kill(killedPid, 'SIGKILL');

    const error = await host.waitFor((m) => m.type === 'error');
    expect(error).toMatchObject({ code: 503, msgKey: 'live:recognitionFailed', fatal: false });
    expect(error.msg).toContain('pocketsphinx');

    await feed(host, frames.slice(cut), cut);
    const finals = await participant.waitForCount((m) => m.type === 'subtitle.final' && /weather|today|good/.test(String(m.text)), 1, 60_000);
    expect(finals.length).toBeGreaterThan(0);
    expect(helpers.helpers().map((h) => h.pid)).not.toContain(killedPid);
    expect(helpers.helpers().length).toBeGreaterThan(0);
    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    participant.close();
    host.close();
  }, 90_000);
});
