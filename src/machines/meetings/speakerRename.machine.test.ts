// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { RenameSpeakerRequest } from '../../api/meetings/rename-speaker';
import { applyLiveMessage, emptyView, speakersOf } from './liveSubtitles.lines';
import { speakerRenameMachine } from './speakerRename.machine';

function actorWith(save: (request: RenameSpeakerRequest) => Promise<void>) {
  const machine = speakerRenameMachine.provide({ actors: { renameSpeaker: fromPromise<void, RenameSpeakerRequest>(({ input }) => save(input)) } });
  return createActor(machine, { input: { meetingId: 'm1' } }).start();
}

describe('speaker rename', () => {
  it('sends the trimmed name for the speaker being edited, then is idle again', async () => {
    const sent: RenameSpeakerRequest[] = [];
    const actor = actorWith(async (request) => void sent.push(request));
    actor.send({ type: 'speaker.edit', speakerIndex: 2, name: 'Speaker 2' });
    actor.send({ type: 'speaker.type', name: '  ' });
    actor.send({ type: 'speaker.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'speaker.type', name: ' Grace ' });
    actor.send({ type: 'speaker.save' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([{ id: 'm1', speakerIndex: 2, name: 'Grace' }]);
  });

  it('keeps the draft and shows the failure when the save fails', async () => {
    const actor = actorWith(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'speaker.edit', speakerIndex: 1, name: 'Ada' });
    actor.send({ type: 'speaker.save' });
    await waitFor(actor, (s) => s.context.failed);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toBe('Ada');
  });
});

describe('speaker labels on the subtitle lines', () => {
  const final = (seq: number, segmentId: string, speakerIndex: number | null, speaker: string | null = null) =>
    ({ type: 'subtitle.final', seq, segmentId, startMs: seq * 1000, endMs: seq * 1000 + 500, text: `line ${seq}`, lang: 'en-US', speaker, speakerIndex, translations: {} }) as const;

  it('keeps each line its speaker, and a rename relabels every line of that speaker only', () => {
    let view = emptyView();
    view = applyLiveMessage(view, final(1, 'a', 1));
    view = applyLiveMessage(view, final(2, 'b', 2));
    view = applyLiveMessage(view, final(3, 'c', 1));
    expect(speakersOf(view.finals)).toEqual([
      { index: 1, name: null },
      { index: 2, name: null },
    ]);
    view = applyLiveMessage(view, { type: 'speaker.renamed', seq: 4, speakerIndex: 1, name: 'Ada' });
    expect(view.finals.map((line) => line.speaker)).toEqual(['Ada', null, 'Ada']);
    expect(speakersOf(view.finals)).toEqual([
      { index: 1, name: 'Ada' },
      { index: 2, name: null },
    ]);
  });

  it('shows no speaker for lines without one (meetings recorded before)', () => {
    const view = applyLiveMessage(emptyView(), final(1, 'a', null));
    expect(view.finals[0]!.speakerIndex).toBeNull();
    expect(speakersOf(view.finals)).toEqual([]);
  });
});
