import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { linePreviewMachine, PREVIEW_FAILED_KEY, selectPreview, type LinePreviewRequest } from './linePreview.machine';

const request = (lineId: string, text = 'hello'): LinePreviewRequest => ({ taskId: 't1', lineId, text, speakerId: null, startMs: 1200, endMs: 2400 });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(voice: (input: LinePreviewRequest, signal: AbortSignal) => Promise<Blob>) {
  const asked: LinePreviewRequest[] = [];
  const actor = createActor(
    linePreviewMachine.provide({
      actors: {
        voiceLine: fromPromise<Blob, LinePreviewRequest>(({ input, signal }) => {
          asked.push(input);
          return voice(input, signal);
        }),
      },
    }),
  ).start();
  return { actor, asked };
}

describe('linePreview machine', () => {
  it('voices the line with its current text, then plays it from the line start until ended', async () => {
    const wav = new Blob(['RIFF'], { type: 'audio/wav' });
    const { actor, asked } = start(async () => wav);
    actor.send({ type: 'preview', request: request('l1', 'edited text') });
    expect(selectPreview(actor.getSnapshot()).phase).toBe('loading');
    await flush();
    const playing = selectPreview(actor.getSnapshot());
    expect(playing).toMatchObject({ phase: 'playing', lineId: 'l1', startMs: 1200, audio: wav });
    expect(asked[0]?.text).toBe('edited text');
    actor.send({ type: 'ended' });
    expect(selectPreview(actor.getSnapshot())).toMatchObject({ phase: 'idle', lineId: null, audio: null });
  });

  it('a new preview cancels the one still loading: only the last line plays', async () => {
    const signals: AbortSignal[] = [];
    const { actor } = start((input, signal) => {
      signals.push(signal);
      return new Promise((resolve) => setTimeout(() => resolve(new Blob([input.lineId])), 5));
    });
    actor.send({ type: 'preview', request: request('l1') });
    actor.send({ type: 'preview', request: request('l2') });
    expect(signals[0]?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(selectPreview(actor.getSnapshot())).toMatchObject({ phase: 'playing', lineId: 'l2' });
  });

  it('a refusal shows the server message, or the preview-failed text, until stopped', async () => {
    const { actor } = start(async () => {
      throw { message: 'Voice unavailable' };
    });
    actor.send({ type: 'preview', request: request('l1') });
    await flush();
    expect(selectPreview(actor.getSnapshot())).toMatchObject({ phase: 'failed', errorMessage: 'Voice unavailable', errorKey: null });
    actor.send({ type: 'stop' });
    expect(selectPreview(actor.getSnapshot())).toMatchObject({ phase: 'idle', errorMessage: null });

    const silent = start(async () => {
      throw new Error('boom');
    });
    silent.actor.send({ type: 'preview', request: request('l1') });
    await flush();
    expect(selectPreview(silent.actor.getSnapshot()).errorKey).toBe(PREVIEW_FAILED_KEY);
  });

  it('stop while loading or playing returns to idle', async () => {
    const { actor } = start(async () => new Blob(['x']));
    actor.send({ type: 'preview', request: request('l1') });
    actor.send({ type: 'stop' });
    expect(selectPreview(actor.getSnapshot()).phase).toBe('idle');
    await flush();
    expect(selectPreview(actor.getSnapshot()).phase).toBe('idle');
    actor.send({ type: 'preview', request: request('l1') });
    await flush();
    actor.send({ type: 'stop' });
    expect(selectPreview(actor.getSnapshot())).toMatchObject({ phase: 'idle', audio: null });
  });
});
