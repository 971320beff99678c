// @vitest-environment node
// The dub submit against the real API calls (fake fetch): the cost check's fields, one transwrite
// per file with the form and the file's SRT, the catalogue codes that ask for a purchase, and a
// second attempt that does not start a file twice.
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../../api/test-relative-request';
import { createActor, toPromise } from 'xstate';
import { fakeFetch, json } from '../../api/test-fetch';
import { applyDubFormPatch, defaultDubForm } from './dub-form';
import { dubSubmitMachine, type DubSubmitInput, type DubSubmitRequest } from './dubSubmit.machine';

const ok = (data: unknown) => json({ code: 200, msg: 'ok', data });

function server(answers: { cost?: unknown; start?: (id: string) => Response }) {
  const fake = fakeFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/expense/cost/dubbingAccountCostBefore')) return (answers.cost as Response | undefined) ?? ok({ enough: true, cost: 90, balance: 3600 });
    if (path.endsWith('/speech/video/transcribe/transwrite')) {
      const body = (await request.clone().json()) as { ids: string[] };
      return answers.start ? answers.start(body.ids[0]!) : ok({ code: 200, msg: 'started' });
    }
    return json({ code: 404, msg: 'unexpected' });
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake.requests;
}

const request = (): DubSubmitRequest => ({
  userId: 'u7',
  form: applyDubFormPatch(defaultDubForm(), { exportSubtitleInVideo: true, subtitleFontSize: 20 }),
  files: [
    { recordId: 'rec-a', name: 'a.mp4', durationSeconds: 30.2, srtUrl: '/files/a.srt', srtFileType: 3 },
    { recordId: 'rec-b', name: 'b.mp4', durationSeconds: 59.5 },
  ],
});

const run = (input: DubSubmitInput) => toPromise(createActor(dubSubmitMachine, { input }).start());
const bodies = async (requests: Request[], path: string) =>
  Promise.all(requests.filter((item) => item.url.endsWith(path)).map((item) => item.clone().json()));

afterEach(() => vi.unstubAllGlobals());

describe('dubSubmit', () => {
  it('checks the cost of both videos, then sends one transwrite per file with the form and its SRT', async () => {
    const requests = server({});
    const output = await run({ request: request() });
    expect(output).toEqual({ outcome: 'started', startedIds: ['rec-a', 'rec-b'], failure: null });
    expect(await bodies(requests, '/dubbingAccountCostBefore')).toEqual([{ userId: 'u7', rightsType: '7', sourceType: '5', duration: 90 }]);
    const starts = await bodies(requests, '/transwrite');
    expect(starts).toHaveLength(2);
    expect(starts[0]).toEqual({
      ids: ['rec-a'],
      showName: 'a',
      audioLanguage: 'zh-CN',
      translationLanguage: 'en-US',
      maxSpeakers: 10,
      maxSpeakersAuto: false,
      speaker: '1',
      folderId: '1',
      exportSubtitleInVideo: true,
      subtitleFontSize: 20,
      subtitleMaxCharCountPerSegment: 30,
      subtitlePrimaryColor: '#ffffff',
      subtitleOutlineColor: '#000000',
      srtUrl: '/files/a.srt',
      srtFileType: 3,
    });
    expect(starts[1]).not.toHaveProperty('srtUrl');
  });

  it('asks for a purchase when the balance is short, without starting anything', async () => {
    const requests = server({ cost: ok({ enough: false, cost: 90, balance: 10 }) });
    const output = await run({ request: request() });
    expect(output.outcome).toBe('needsPurchase');
    expect(output.failure?.code).toBe(92505000);
    expect(requests.filter((item) => item.url.endsWith('/transwrite'))).toHaveLength(0);
  });

  it.each([92505000, 92505001, 92505003])('reads %i in the task answer as needing a purchase', async (code) => {
    server({ start: () => ok({ code, msg: 'Buy a dubbing pack' }) });
    const output = await run({ request: request() });
    expect(output).toMatchObject({ outcome: 'needsPurchase', failure: { code, message: 'Buy a dubbing pack' } });
  });

  it('stops at a refused file, and the next attempt starts only the files not yet started', async () => {
    const requests = server({ start: (id) => (id === 'rec-b' ? ok({ code: 500, msg: 'Refused' }) : ok({ code: 200, msg: 'ok' })) });
    const first = await run({ request: request() });
    expect(first).toMatchObject({ outcome: 'error', startedIds: ['rec-a'], failure: { message: 'Refused' } });
    expect(requests.filter((item) => item.url.endsWith('/transwrite'))).toHaveLength(2);
    const again = server({});
    const second = await run({ request: request(), alreadyStarted: first.startedIds });
    expect(second).toMatchObject({ outcome: 'started', startedIds: ['rec-a', 'rec-b'] });
    expect((await bodies(again, '/transwrite')).map((body) => body.ids)).toEqual([['rec-b']]);
  });

  it('waits in idle until a submit event brings the request', async () => {
    server({});
    const actor = createActor(dubSubmitMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'submit', request: request() });
    expect((await toPromise(actor)).outcome).toBe('started');
  });
});
