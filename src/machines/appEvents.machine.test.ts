import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApiEvent } from '../api/types';
import { appEventsMachine } from './appEvents.machine';

describe('appEvents machine', () => {
  it('re-emits every event of the client as api.event, in order, until stopped', () => {
    const events$ = new Subject<ApiEvent>();
    const actor = createActor(appEventsMachine, { input: { events$ } }).start();
    const seen: ApiEvent[] = [];
    actor.on('api.event', ({ event }) => seen.push(event));
    events$.next({ type: 'session.expired' });
    events$.next({ type: 'purchase.open', tab: 2 });
    actor.stop();
    events$.next({ type: 'session.expired' });
    expect(seen).toEqual([{ type: 'session.expired' }, { type: 'purchase.open', tab: 2 }]);
  });
});
