// @vitest-environment node
import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IN_FORCE, transcriptDoubles, type TranscriptLog } from './transcript.doubles';
import { TRANSCRIPT_POLL_MS, renamed, selectStaleLineIds, selectVocabulariesInForce } from './transcript.machine';

function start(id = 'r1') {
  const log: TranscriptLog = { reads: 0, saved: [], renames: [], translations: [], retranslations: [] };
  const actor = createActor(transcriptDoubles(log), { input: { id } }).start();
  return { actor, log };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }));

describe('transcript machine', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the record and its lines', async () => {
    const { actor } = start();
    await ready(actor);
    expect(actor.getSnapshot().context.lines).toHaveLength(3);
    expect(actor.getSnapshot().matches({ ready: { watch: 'still' } })).toBe(true);
  });

  it('names the vocabulary libraries in force once the record has loaded, none when it names none', async () => {
    const { actor } = start('vocab');
    expect(selectVocabulariesInForce(actor.getSnapshot())).toEqual([]);
    await ready(actor);
    expect(selectVocabulariesInForce(actor.getSnapshot())).toEqual(IN_FORCE);
    const plain = start();
    await ready(plain.actor);
    expect(selectVocabulariesInForce(plain.actor.getSnapshot())).toEqual([]);
  });

  it('shows the failure of a record it cannot read', async () => {
    const { actor } = start('broken');
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Not found');
  });

  it('saves an edited line and keeps the new text', async () => {
    const { actor, log } = start();
    await ready(actor);
    actor.send({ type: 'line.save', lineId: 'l2', text: 'Hi Anna' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }) && s.context.lines[1]!.text === 'Hi Anna');
    expect(log.saved).toEqual([expect.objectContaining({ id: 'l2', text: 'Hi Anna', startMs: 1500 })]);
  });

  it('keeps the old text and shows the error when saving fails', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'line.save', lineId: 'l2', text: 'fail' });
    await waitFor(actor, (s) => s.context.errorMessage === 'Refused');
    expect(actor.getSnapshot().context.lines[1]!.text).toBe('Hi Ann');
  });

  it('renames a speaker once for all of its lines, and ignores an empty name', async () => {
    const { actor, log } = start();
    await ready(actor);
    actor.send({ type: 'speaker.rename', from: 'Speaker 1', to: '   ' });
    expect(actor.getSnapshot().matches({ ready: { edit: 'idle' } })).toBe(true);
    actor.send({ type: 'speaker.rename', from: 'Speaker 1', to: ' Ann ' });
    await waitFor(actor, (s) => s.context.lines[0]!.speaker === 'Ann');
    expect(actor.getSnapshot().context.lines.map((l) => l.speaker)).toEqual(['Ann', 'Speaker 2', 'Ann']);
    expect(log.renames).toEqual([{ from: 'Speaker 1', to: 'Ann' }]);
    expect(renamed([{ id: 'x', startMs: 0, endMs: 1, text: '', speaker: null }], { from: '', to: 'Zoe' })[0]!.speaker).toBe('Zoe');
  });

  it('polls while the record is processing and stops once it is done', async () => {
    vi.useFakeTimers();
    const { actor, log } = start('busy');
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { watch: 'waiting' } })).toBe(true));
    await vi.advanceTimersByTimeAsync(TRANSCRIPT_POLL_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { watch: 'still' } })).toBe(true));
    expect(log.reads).toBe(2);
    expect(actor.getSnapshot().context.record?.state).toBe('transcription_completed');
  });

  it('adds a translation and watches the record while it translates', async () => {
    const { actor, log } = start();
    await ready(actor);
    actor.send({ type: 'translation.add', lang: 'es-ES' });
    await waitFor(actor, (s) => s.matches({ ready: { watch: 'waiting' } }));
    expect(log.translations).toEqual(['es-ES']);
    expect(actor.getSnapshot().context.record?.state).toBe('translating');
    actor.stop();
  });

  it('marks a translated line stale when its text is edited, and translates stale lines again', async () => {
    const { actor, log } = start();
    await ready(actor);
    expect(selectStaleLineIds(actor.getSnapshot())).toEqual([]);
    // Nothing stale yet: nothing to translate again.
    actor.send({ type: 'translation.retranslate' });
    expect(actor.getSnapshot().matches({ ready: { edit: 'idle' } })).toBe(true);

    actor.send({ type: 'line.save', lineId: 'l1', text: 'Hello again' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }) && s.context.lines[0]!.text === 'Hello again');
    expect(actor.getSnapshot().context.lines[0]).toMatchObject({ translation: 'Hola', translationStale: true });
    // An untranslated line has nothing to go stale.
    actor.send({ type: 'line.save', lineId: 'l2', text: 'Hi Anna' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }) && s.context.lines[1]!.text === 'Hi Anna');
    expect(selectStaleLineIds(actor.getSnapshot())).toEqual(['l1']);

    // One line (only the stale ones of those named are sent).
    actor.send({ type: 'translation.retranslate', lineIds: ['l1', 'l2'] });
    await waitFor(actor, (s) => s.context.record?.state === 'translating');
    expect(log.retranslations).toEqual([['l1']]);
    // While the job runs, nothing else is sent; the watcher reads the result.
    actor.send({ type: 'translation.retranslate' });
    expect(log.retranslations).toHaveLength(1);
    await waitFor(actor, (s) => s.context.record?.state === 'transcription_completed', { timeout: TRANSCRIPT_POLL_MS + 2000 });
  });

  it('editing the translation along with the text keeps it current', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'line.save', lineId: 'l1', text: 'Hello again', translation: 'Hola de nuevo' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }) && s.context.lines[0]!.text === 'Hello again');
    expect(actor.getSnapshot().context.lines[0]).toMatchObject({ translation: 'Hola de nuevo', translationStale: false });
  });
});
