// The new take against the real API call (fake fetch): it asks the server to voice exactly the
// selected line again (regenerate: [that id], nothing else), reports it started, and shows the
// server's refusal as sent, or the generic translated text when the page itself failed.
import '../../api/test-relative-request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answering, json } from '../../api/test-fetch';
import { newTakeMachine, selectNewTake, type NewTakeEmitted } from './newTake.machine';

const iteration = { id: 'it2', taskId: 't1', state: 'dubbing', createTime: '2026-12-01' };

afterEach(() => vi.unstubAllGlobals());

describe('newTake machine', () => {
  it('asks for one line to be voiced again, in the editor language, and reports it started', async () => {
    const requests = answering(() => json({ code: 200, msg: 'ok', data: iteration }));
    const actor = createActor(newTakeMachine).start();
    const emitted: NewTakeEmitted[] = [];
    actor.on('newTake.started', (event) => emitted.push(event));
    actor.send({ type: 'newTake', request: { taskId: 't1', lineId: 'seg-7', number: 7, lang: 'es-ES' } });
    expect(selectNewTake(actor.getSnapshot()).phase).toBe('starting');
    await waitFor(actor, (s) => s.matches('started'));
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).pathname).toMatch(/\/speech\/video\/transcribe\/createIteration$/);
    expect(await requests[0]!.clone().json()).toEqual({ id: 't1', lang: 'es-ES', regenerate: ['seg-7'] });
    expect(emitted).toEqual([{ type: 'newTake.started', lineId: 'seg-7' }]);
    expect(selectNewTake(actor.getSnapshot())).toMatchObject({ phase: 'started', lineId: 'seg-7', number: 7 });
  });

  it('shows the server refusal as sent, and a second take can be asked for after it', async () => {
    let refuse = true;
    answering(() => (refuse ? json({ code: 404, msg: 'This line no longer exists' }) : json({ code: 200, msg: 'ok', data: iteration })));
    const actor = createActor(newTakeMachine).start();
    actor.send({ type: 'newTake', request: { taskId: 't1', lineId: 'gone', number: 2 } });
    await waitFor(actor, (s) => s.matches('failed'));
    const failed = selectNewTake(actor.getSnapshot());
    expect(failed).toMatchObject({ errorMessage: 'This line no longer exists', errorKey: null });
    refuse = false;
    actor.send({ type: 'newTake', request: { taskId: 't1', lineId: 'seg-2', number: 2 } });
    await waitFor(actor, (s) => s.matches('started'));
    expect(selectNewTake(actor.getSnapshot())).toMatchObject({ errorKey: null, errorMessage: null, lineId: 'seg-2' });
  });

  it('a lost connection shows the translated network text; dismissing clears it', async () => {
    answering(() => new TypeError('network down'));
    const actor = createActor(newTakeMachine).start();
    actor.send({ type: 'newTake', request: { taskId: 't1', lineId: 'seg-1', number: 1 } });
    await waitFor(actor, (s) => s.matches('failed'));
    const failed = selectNewTake(actor.getSnapshot());
    expect(failed).toMatchObject({ errorKey: 'api:networkError', errorMessage: null });
    actor.send({ type: 'dismiss' });
    expect(selectNewTake(actor.getSnapshot())).toMatchObject({ phase: 'idle', errorKey: null, lineId: null });
  });
});
