// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { CreateMeetingInput, Meeting } from '../../api/meetings/meeting-types';
import { meetingMachine, selectElapsedMs, selectMeetingStatus, type ControlAction } from './meeting.machine';
import { meetingDoubles } from './meeting.paths';
import { DEFAULT_MEETING_CONFIG } from './meetingSetup.rules';

function start(input: { meetingId?: string | null } = {}, extra: Partial<typeof meetingDoubles> = {}) {
  const sent: ControlAction[] = [];
  let clock = 1_000;
  const actor = createActor(meetingMachine.provide({ actors: { ...meetingDoubles, control: fromPromise(async ({ input: i }: { input: { action: ControlAction; send: (a: ControlAction) => void } }) => i.send(i.action)), ...extra } }), {
    input: { ...input, sendControl: (action) => sent.push(action), now: () => clock },
  }).start();
  return { actor, sent, advance: (ms: number) => (clock += ms) };
}

describe('meeting machine', () => {
  it('refuses to create until the terms are accepted, then creates with the chosen languages and style', async () => {
    const create = vi.fn(async ({ input }: { input: CreateMeetingInput }) => ({ id: 'm9', state: 'not_started', ...input }) as unknown as Meeting);
    const { actor, sent } = start({}, { createMeeting: fromPromise(create) });
    const config = { ...DEFAULT_MEETING_CONFIG, translationLanguages: ['es-ES'] };
    actor.send({ type: 'meeting.create', config });
    expect(actor.getSnapshot().value).toBe('setup');
    actor.send({ type: 'meeting.create', config: { ...config, termsAccepted: true } });
    await waitFor(actor, (s) => s.matches({ live: 'starting' }));
    expect(create.mock.calls[0]![0].input).toMatchObject({ recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
    expect(sent).toEqual(['start']);
    expect(selectMeetingStatus(actor.getSnapshot())).toBe('in_progress');
  });

  it('pauses, resumes and stops through control messages and stopMeeting, counting only running time', async () => {
    const { actor, sent, advance } = start({ meetingId: 'm-live' });
    await waitFor(actor, (s) => s.matches({ live: 'inProgress' }));
    advance(5_000);
    actor.send({ type: 'meeting.pause' });
    await waitFor(actor, (s) => s.matches({ live: 'paused' }));
    expect(selectMeetingStatus(actor.getSnapshot())).toBe('paused');
    advance(60_000);
    expect(selectElapsedMs(actor.getSnapshot(), 0)).toBe(5_000);
    actor.send({ type: 'meeting.resume' });
    await waitFor(actor, (s) => s.matches({ live: 'inProgress' }));
    advance(2_000);
    actor.send({ type: 'meeting.stop' });
    await waitFor(actor, (s) => s.matches('ended'));
    expect(sent).toEqual(['pause', 'resume']);
    expect(actor.getSnapshot().context.elapsedBeforeMs).toBe(7_000);
    expect(selectMeetingStatus(actor.getSnapshot())).toBe('ended');
  });

  it('offers the repair of a meeting left paused and ends it with stopMeeting', async () => {
    const { actor } = start({ meetingId: 'm-paused' });
    await waitFor(actor, (s) => s.matches('needsRepair'));
    actor.send({ type: 'meeting.repair' });
    await waitFor(actor, (s) => s.matches('ended'));
    expect(actor.getSnapshot().context.meeting?.state).toBe('ended');
  });

  it('follows the server: a meeting ended elsewhere ends here', async () => {
    const { actor } = start({ meetingId: 'm-live' });
    await waitFor(actor, (s) => s.matches({ live: 'inProgress' }));
    actor.send({ type: 'meeting.stateChanged', state: 'paused' });
    expect(actor.getSnapshot().matches({ live: 'paused' })).toBe(true);
    actor.send({ type: 'meeting.stateChanged', state: 'ended' });
    expect(actor.getSnapshot().matches('ended')).toBe(true);
  });

  it('keeps the meeting running and shows the message when stopMeeting fails', async () => {
    const failing = fromPromise<Meeting, { id: string }>(async () => {
      throw { kind: 'business', code: 500, message: 'Storage full' };
    });
    const { actor } = start({ meetingId: 'm-live' }, { stopMeeting: failing });
    await waitFor(actor, (s) => s.matches({ live: 'inProgress' }));
    actor.send({ type: 'meeting.stop' });
    await waitFor(actor, (s) => s.matches({ live: 'paused' }));
    expect(actor.getSnapshot().context.errorMessage).toBe('Storage full');
  });

  it('goes back to setup with a message for an unknown meeting id', async () => {
    const { actor } = start({ meetingId: 'm-gone' });
    await waitFor(actor, (s) => s.matches('setup'));
    expect(actor.getSnapshot().context.meeting).toBeNull();
    expect(actor.getSnapshot().context.errorMessage).toBe('Not found');
  });
});
