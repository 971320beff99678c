// @vitest-environment node
// The voice picker machine over the real API clients and a fetch double: the catalogue of the task's
// language, a sample played then ended, a choice saved through editSpeaker and shown at once, an
// unavailable voice never sent, and a refusal keeping the server's message.
import { afterEach, describe, expect, it, vi } from 'vitest';

import '../../api/test-relative-request';
import { createActor } from 'xstate';
import { answering, json } from '../../api/test-fetch';
import { selectVoicePicker, speakerVoiceMachine } from './speakerVoice.machine';
import { CATALOGUE } from './speakerVoice.paths';

afterEach(() => vi.unstubAllGlobals());

const until = (actor: { getSnapshot(): { value: unknown } }, phase: string) => vi.waitFor(() => expect(actor.getSnapshot().value).toBe(phase), { timeout: 3000, interval: 5 });

describe('speakerVoice machine', () => {
  it('loads the catalogue, plays a sample, saves a choice and never sends an unavailable voice', async () => {
    const requests = answering(async (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/voiceCatalogue')) return json({ code: 200, msg: '', data: CATALOGUE });
      if (url.pathname.endsWith('/voiceSample')) return new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } });
      return json({ code: 200, msg: '', data: null });
    });
    const actor = createActor(speakerVoiceMachine, { input: { taskId: 't1', lang: 'es-ES' } }).start();
    await until(actor, 'ready');
    expect(new URL(requests[0]!.url).searchParams.get('lang')).toBe('es-ES');
    expect(selectVoicePicker(actor.getSnapshot()).voices.map((v) => [v.id, v.available])).toEqual([
      ['es+f2', true],
      ['es+m9', true],
      ['flite:slt', false],
    ]);

    actor.send({ type: 'sample', voice: 'flite:slt' });
    actor.send({ type: 'choose', choice: { speakerId: 's1', speakerName: 'Ann', voice: 'flite:slt' } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(requests).toHaveLength(1);

    actor.send({ type: 'sample', voice: 'es+m9' });
    await until(actor, 'playing');
    const sample = new URL(requests[1]!.url);
    expect([sample.pathname.endsWith('/voiceSample'), sample.searchParams.get('voice'), sample.searchParams.get('lang')]).toEqual([true, 'es+m9', 'es-ES']);
    expect(selectVoicePicker(actor.getSnapshot())).toMatchObject({ phase: 'playing', sampleVoice: 'es+m9' });
    expect(selectVoicePicker(actor.getSnapshot()).sample).toBeInstanceOf(Blob);
    actor.send({ type: 'ended' });
    expect(selectVoicePicker(actor.getSnapshot())).toMatchObject({ phase: 'ready', sampleVoice: null, sample: null });

    actor.send({ type: 'choose', choice: { speakerId: 's1', speakerName: 'Ann', voice: 'es+m9' } });
    expect(selectVoicePicker(actor.getSnapshot()).savingSpeakerId).toBe('s1');
    await until(actor, 'ready');
    expect(await requests[2]!.json()).toEqual({ id: 't1', speakerId: 's1', speakerName: 'Ann', voice: 'es+m9' });
    expect(selectVoicePicker(actor.getSnapshot()).chosen).toEqual({ s1: 'es+m9' });
  });

  it('keeps the server\'s refusal, and a catalogue failure can be retried', async () => {
    let catalogueCalls = 0;
    answering(async (request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/voiceCatalogue')) return ++catalogueCalls === 1 ? json({ code: 500, msg: 'Voices are unavailable' }) : json({ code: 200, msg: '', data: CATALOGUE });
      return json({ code: 400, msg: 'The voice es+f2 is not offered for es-ES on this server' });
    });
    const actor = createActor(speakerVoiceMachine, { input: { taskId: 't1', lang: 'es-ES' } }).start();
    await until(actor, 'loadFailed');
    expect(selectVoicePicker(actor.getSnapshot()).errorMessage).toBe('Voices are unavailable');
    actor.send({ type: 'retry' });
    await until(actor, 'ready');
    actor.send({ type: 'choose', choice: { speakerId: 's1', speakerName: 'Ann', voice: 'es+f2' } });
    await until(actor, 'ready');
    expect(selectVoicePicker(actor.getSnapshot())).toMatchObject({ errorMessage: 'The voice es+f2 is not offered for es-ES on this server', chosen: {} });
  });
});
