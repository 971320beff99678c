// The voice-over panel against the real API calls (fake fetch): the checklist counts the lines to
// re-voice over every page and prices the run by the re-dub rule, the cost check sends that price,
// the synthesis is watched until it completes (then the checklist is read again), 92505001 asks for a
// purchase, closing stops the polling, and the cost rule is the server's.
import '../../api/test-relative-request';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answering, json } from '../../api/test-fetch';
import { DUB_SYNTHESIS_POLL_FAILURES, DUB_SYNTHESIS_POLL_MS, dubbingCostSeconds } from '../../shared/contract/dub-limits';
import { selectCanStart, selectHasResult, selectVoiceoverPhase, voiceoverMachine, type VoiceoverEmitted } from './voiceover.machine';

const ok = (data: unknown) => json({ code: 200, msg: 'ok', data });

interface Server {
  iterations?: number;
  synthesisStates?: string[];
  start?: () => Response;
  lines?: number;
  failPolls?: boolean;
}

function lineRows(total: number, pageNum: number, pageSize: number) {
  const from = (pageNum - 1) * pageSize;
  return Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => ({
    id: `l${from + i}`,
    startMs: (from + i) * 1000,
    endMs: (from + i) * 1000 + 900,
    text: 'hola',
    revoice: (from + i) % 4 === 0,
  }));
}

function server(options: Server) {
  const states = [...(options.synthesisStates ?? [])];
  let current = 'none';
  return answering(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.endsWith('/getFileDataContentPageList')) {
      const body = (await request.clone().json()) as { pageNum: number; pageSize: number };
      const total = options.lines ?? 1500;
      return ok({ total, rows: lineRows(total, body.pageNum, body.pageSize) });
    }
    if (path.endsWith('/getIteration')) {
      return ok(Array.from({ length: options.iterations ?? 0 }, (_, i) => ({ id: `it${i}`, taskId: 't1', state: 'dubbed', createTime: '2026-11-24' })));
    }
    if (path.endsWith('/getSpeakerList')) return ok([{ id: 's1', name: 'Ana', voice: 'es+f2' }]);
    if (path.endsWith('/serviceNameList')) return ok([{ code: 'es+f2', name: 'Spanish (female)', lang: 'es' }, { code: 'en+m1', name: 'English', lang: 'en' }]);
    if (path.endsWith('/getSynthesis')) {
      if (options.failPolls && current === 'composing') return json({ code: 500, msg: 'down' });
      if (current === 'composing' && states.length > 0) current = states.shift()!;
      return ok({ id: 't1', state: current, ...(current === 'completed' ? { videoUrl: '/prod-api/speech/video/transcribe/media?id=t1&kind=dubbedVideo' } : {}) });
    }
    if (path.endsWith('/getFileByTaskId')) return ok({ id: 't1', showName: 'talk', state: 'dubbing', createTime: '2026-11-24', progress: 40, step: 'dub' });
    if (path.endsWith('/dubbingAccountCostBefore')) return ok({ enough: true, cost: 0, balance: 7200 });
    if (path.endsWith('/videoSynthesis')) {
      if (options.start) return options.start();
      current = 'composing';
      return ok({ id: 't1', state: 'composing' });
    }
    return json({ code: 404, msg: `unexpected ${path}` });
  });
}

const start = (durationSeconds = 601) => {
  const actor = createActor(voiceoverMachine, { input: { taskId: 't1', lang: 'es-ES', durationSeconds, userId: 'u1' } });
  const emitted: VoiceoverEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as VoiceoverEmitted));
  actor.start();
  return { actor, emitted };
};

const bodiesOf = (requests: Request[], suffix: string) => Promise.all(requests.filter((r) => new URL(r.url).pathname.endsWith(suffix)).map((r) => r.clone().json()));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dubbingCostSeconds (the server rule, mirrored)', () => {
  it('charges the first dubbing in full, the first re-dub nothing, later ones half (rounded up)', () => {
    expect([0, 1, 2, 3].map((earlier) => dubbingCostSeconds(601, earlier))).toEqual([601, 0, 301, 301]);
    expect(dubbingCostSeconds(10.2, 0)).toBe(11);
    expect(dubbingCostSeconds(-5, 0)).toBe(0);
  });
});

describe('voiceover', () => {
  it('counts the lines to re-voice on every page and prices the run by the re-dub rule', async () => {
    const requests = server({ iterations: 2, lines: 1500 });
    const { actor } = start();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.checklist).toMatchObject({ revoiceLines: 375, totalLines: 1500, earlierDubbings: 2, costSeconds: 301 });
    expect(ready.context.checklist?.speakers).toEqual([{ id: 's1', name: 'Ana', voice: 'es+f2' }]);
    // Only voices of the task's language are offered.
    expect(ready.context.checklist?.voices.map((voice) => voice.code)).toEqual(['es+f2']);
    expect((await bodiesOf(requests, '/getFileDataContentPageList')).map((body) => body.pageNum)).toEqual([1, 2]);
    expect(selectCanStart(ready)).toBe(true);
  });

  it('checks the re-dub price, starts, shows progress, and on completion reads the checklist again', async () => {
    const requests = server({ iterations: 2, synthesisStates: ['composing', 'completed'] });
    localStorage.setItem(
      'dubFormData',
      JSON.stringify({ exportSubtitleInVideo: true, subtitleFontSize: 99, subtitleMaxCharCountPerSegment: 30, subtitlePrimaryColor: '#FFCC00', subtitleOutlineColor: '#000000' }),
    );
    const { actor, emitted } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'voiceover.start' });
    const composing = await waitFor(actor, (s) => s.matches('composing') && s.context.progress === 40);
    expect(selectVoiceoverPhase(composing)).toBe('composing');
    expect(composing.context.step).toBe('dub');
    expect(await bodiesOf(requests, '/dubbingAccountCostBefore')).toEqual([{ userId: 'u1', rightsType: '7', sourceType: '5', duration: 301 }]);
    // The subtitle settings last chosen in the dubbing dialog (dubFormData) are composed with.
    expect((await bodiesOf(requests, '/videoSynthesis'))[0]).toEqual({
      id: 't1',
      lang: 'es-ES',
      exportSubtitleInVideo: true,
      subtitleFontSize: 30,
      subtitleMaxCharCountPerSegment: 30,
      subtitlePrimaryColor: '#ffcc00',
      subtitleOutlineColor: '#000000',
    });
    await vi.advanceTimersByTimeAsync(DUB_SYNTHESIS_POLL_MS * 3);
    const done = await waitFor(actor, (s) => s.matches('ready') && s.context.synthesis?.state === 'completed');
    expect(selectHasResult(done)).toBe(true);
    expect(emitted.map((event) => event.type)).toContain('voiceover.completed');
    expect(requests.filter((r) => r.url.includes('/getIteration'))).toHaveLength(2);
  });

  it.each([92505000, 92505001, 92505003])('asks for the purchase dialog when the start is refused with %i', async (code) => {
    server({ start: () => json({ code, msg: 'Buy a dubbing pack' }) });
    const { actor, emitted } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'voiceover.start' });
    const back = await waitFor(actor, (s) => s.matches('ready') && s.context.errorMessage !== undefined);
    expect(back.context.errorMessage).toBe('Buy a dubbing pack');
    expect(emitted).toContainEqual({ type: 'voiceover.needsPurchase', code });
  });

  it('stops polling when the panel closes', async () => {
    const requests = server({ synthesisStates: Array(50).fill('composing') });
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'voiceover.start' });
    await waitFor(actor, (s) => s.matches('composing') && s.context.progress === 40);
    actor.send({ type: 'voiceover.close' });
    expect(actor.getSnapshot().status).toBe('done');
    const polls = requests.filter((r) => r.url.includes('/getSynthesis')).length;
    await vi.advanceTimersByTimeAsync(DUB_SYNTHESIS_POLL_MS * 5);
    expect(requests.filter((r) => r.url.includes('/getSynthesis')).length).toBe(polls);
  });

  it('gives up with a message after repeated failed reads of a running synthesis', async () => {
    server({ failPolls: true });
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'voiceover.start' });
    await waitFor(actor, (s) => s.matches('composing'));
    await vi.advanceTimersByTimeAsync(DUB_SYNTHESIS_POLL_MS * (DUB_SYNTHESIS_POLL_FAILURES + 1));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.errorKey).toBe('dubbing:voiceover.unreadable');
  });

  it('offers nothing to start when every line is voiced and the video is composed', async () => {
    server({ lines: 0 });
    const { actor } = start();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    // No composed video yet: starting composes one even without changed lines.
    expect(selectCanStart(ready)).toBe(true);
  });
});
