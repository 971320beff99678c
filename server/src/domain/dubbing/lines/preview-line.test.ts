// Line preview limits without spending CPU on speech: a synthesiser double answers a 0.5 s tone, so
// the per-minute allowance and the in-flight cap can be exhausted quickly, in parallel bursts.
import { describe, expect, it } from 'vitest';
import { DUB_PREVIEWS_IN_FLIGHT, DUB_PREVIEWS_PER_MINUTE } from '../../../../../src/shared/contract/dub-limits';
import type { SpeechSynthesizer } from '../../../engines/types';
import { encodeWav } from '../../../engines/wav';
import { databaseVariants } from '../../../testing/database-variants';
import { useRecordsTestApp } from '../../../testing/records-test-kit';
import { TRACK_RATE } from '../pipeline/clip-audio';
import { previewLine } from './preview-line';
import { seedDubTask } from '../../../testing/dubbing-test-task';

const [sqlite] = await databaseVariants();

function toneSynthesizer(delayMs: number, calls: { voice?: string; pitch?: number; rate?: number }[]): SpeechSynthesizer {
  const samples = Int16Array.from({ length: TRACK_RATE / 2 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / TRACK_RATE)));
  return {
    id: 'tone',
    languages: () => ['es-ES'],
    voices: () => [
      { id: 'es+f2', language: 'es-ES', gender: 'female' },
      { id: 'es+m3', language: 'es-ES', gender: 'male' },
    ],
    async synthesize(_text, options) {
      calls.push({ voice: options.voice, pitch: options.pitch, rate: options.rate });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return encodeWav(samples, TRACK_RATE);
    },
  };
}

describe('previewLine limits', () => {
  const kit = useRecordsTestApp(sqlite!);

  it('voices with the speaker’s voice, pitch and rate, and fits a tone to its slot', async () => {
    const owner = await kit.signUp();
    const task = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id });
    const calls: { voice?: string; pitch?: number; rate?: number }[] = [];
    const engines = { synthesizerFor: () => toneSynthesizer(0, calls) };
    const preview = await previewLine({ db: kit.app.db, engines }, owner.user.id, { id: task.taskId, speakerId: task.speakerIds[1], text: 'Hola', startMs: 0, endMs: 1000 });
    expect(calls[0]).toEqual({ voice: 'es+m3', pitch: 40, rate: 1 });
    expect(preview.overrunMs).toBe(0);
    expect(preview.wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    await expect(previewLine({ db: kit.app.db, engines }, owner.user.id, { id: task.taskId, speakerId: 'nobody', text: 'Hola', startMs: 0, endMs: 1000 })).rejects.toMatchObject({
      messageKey: 'transcripts:dubSpeakerNotFound',
    });
  });

  it('admits at most the in-flight cap of a parallel burst', async () => {
    const owner = await kit.signUp();
    const task = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id });
    const engines = { synthesizerFor: () => toneSynthesizer(200, []) };
    const burst = await Promise.allSettled(
      Array.from({ length: 8 }, () => previewLine({ db: kit.app.db, engines }, owner.user.id, { id: task.taskId, text: 'Hola', startMs: 0, endMs: 1000 })),
    );
    const done = burst.filter((r) => r.status === 'fulfilled');
    const refused = burst.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(DUB_PREVIEWS_IN_FLIGHT);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 429, messageKey: 'transcripts:dubPreviewBusy', params: { limit: DUB_PREVIEWS_IN_FLIGHT } });
  });

  it('refuses previews past the per-minute allowance, each user counted on their own', async () => {
    const owner = await kit.signUp();
    const other = await kit.signUp('other');
    const task = await seedDubTask(kit.app.db, kit.clock, { userId: owner.user.id });
    const otherTask = await seedDubTask(kit.app.db, kit.clock, { userId: other.user.id });
    const engines = { synthesizerFor: () => toneSynthesizer(0, []) };
    const run = (userId: string, id: string) => previewLine({ db: kit.app.db, engines }, userId, { id, text: 'Hola', startMs: 0, endMs: 1000 });
    for (let i = 0; i < DUB_PREVIEWS_PER_MINUTE; i++) await run(owner.user.id, task.taskId);
    await expect(run(owner.user.id, task.taskId)).rejects.toMatchObject({ code: 429, messageKey: 'transcripts:dubPreviewTooMany', params: { limit: DUB_PREVIEWS_PER_MINUTE } });
    await expect(run(other.user.id, otherTask.taskId)).resolves.toMatchObject({ overrunMs: 0 });
    // Another user's task is not found, and refusing it costs nothing.
    await expect(run(other.user.id, task.taskId)).rejects.toMatchObject({ code: 404, messageKey: 'records.notFound' });
  });
});
