// `npm run bench -- editor-machine` (issue 13): p95 of one edit + its undo in the subtitleEditor
// machine with the lines of a 4-hour video (5,000), against a baseline in the same run: copying a
// 5,000-line array and replacing one slot twice (the least an immutable edit + undo can do). The
// same measure at 500 lines shows the growth: about 10x for 10x lines means linear, not quadratic.
// Edits alternate text, retime and split (split + undo inserts and removes a line). The calls and
// the channel are doubles that do nothing, so only the machine (rules, history, selectors) counts.
// The screen's Chromium bench (`npm run bench -- editor`) measures the whole page.
import os from 'node:os';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { DubLine } from '../src/machines/dub-editor/subtitleEditor.types';
import { selectCanUndo, selectLines, subtitleEditorMachine, type EditorSaveInput } from '../src/machines/dub-editor/subtitleEditor.machine';

const FOUR_HOURS_MS = 4 * 60 * 60 * 1000;
const LARGE = 5000;
const SMALL = 500;
const ROUNDS = 600;
const WARMUP = 100;
const AIM_MS = 16;

function linesOf(count: number): DubLine[] {
  const slot = Math.floor(FOUR_HOURS_MS / count);
  return Array.from({ length: count }, (_, i) => ({
    id: `l${i}`,
    startMs: i * slot,
    endMs: i * slot + Math.floor(slot * 0.8),
    text: `Line ${i} of the original speech, a sentence of ordinary length`,
    translation: `Línea ${i} del discurso original, una frase de longitud normal`,
    speakerId: `s${i % 4}`,
    speaker: `Speaker ${i % 4}`,
    overrunMs: 0,
    revoice: false,
  }));
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** One baseline edit + undo: copy the array and replace a slot, twice. */
function baselineRound(lines: DubLine[], index: number): DubLine[] {
  const edited = lines.slice();
  edited[index] = { ...lines[index]!, text: 'edited' };
  const undone = edited.slice();
  undone[index] = lines[index]!;
  return undone;
}

/** Machine and baseline samples interleaved, so the noise of a busy machine falls on both alike. */
async function measure(count: number): Promise<{ machine: number[]; baseline: number[] }> {
  const lines = linesOf(count);
  const machine = subtitleEditorMachine.provide({
    actors: {
      loadEditor: fromPromise(async () => ({ lines, speakers: [0, 1, 2, 3].map((n) => ({ id: `s${n}`, name: `Speaker ${n}` })) })),
      saveEdits: fromPromise<void, EditorSaveInput>(async () => undefined),
      sync: fromCallback(() => undefined),
    },
  });
  const actor = createActor(machine, { input: { taskId: 'bench', durationMs: FOUR_HOURS_MS } }).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const times = { machine: [] as number[], baseline: [] as number[] };
  let plain = lines;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const index = (round * 7919) % count;
    const line = selectLines(actor.getSnapshot())[index]!;
    const edit =
      round % 3 === 0
        ? { type: 'edit.text' as const, lineId: line.id, text: `${line.text} (edited ${round})` }
        : round % 3 === 1
          ? { type: 'retime' as const, lineId: line.id, startMs: line.startMs + 10, endMs: line.endMs - 10 }
          : { type: 'split' as const, lineId: line.id, caret: 10 };
    let started = performance.now();
    actor.send(edit);
    actor.send({ type: 'undo' });
    const took = performance.now() - started;
    if (selectCanUndo(actor.getSnapshot())) throw new Error('the undo did not undo the edit');
    started = performance.now();
    plain = baselineRound(plain, index);
    const baselineTook = performance.now() - started;
    if (round >= WARMUP) {
      times.machine.push(took);
      times.baseline.push(baselineTook);
    }
  }
  actor.stop();
  return times;
}

/**
 * What a published state costs the channel: a structured clone (what postMessage does) of 5,000 lines
 * with a full history. The history's arrays share their lines, and one clone copies a shared object once.
 */
function publishCloneTimes(count: number): number[] {
  const lines = linesOf(count);
  const history = Array.from({ length: 5 }, (_, step) => {
    const copy = lines.slice();
    copy[step] = { ...lines[step]!, text: `step ${step}` };
    return copy;
  });
  const times: number[] = [];
  for (let round = 0; round < 40; round++) {
    const started = performance.now();
    structuredClone({ lines, speakers: [], undo: history, redo: [] });
    if (round >= 5) times.push(performance.now() - started);
  }
  return times;
}

export const editorMachineBench = {
  title: `subtitleEditor machine: p95 of one edit + undo (text, retime, split) with ${LARGE.toLocaleString('en-US')} lines of a 4-hour video (${ROUNDS} rounds)`,
  async run(): Promise<string[]> {
    const small = (await measure(SMALL)).machine;
    const { machine: large, baseline } = await measure(LARGE);
    const p95 = { small: percentile(small, 0.95), large: percentile(large, 0.95), baseline: percentile(baseline, 0.95) };
    const ms = (value: number) => `${value.toFixed(3)} ms`;
    const clone = publishCloneTimes(LARGE);
    return [
      `edit + undo, ${LARGE} lines: p50 ${ms(percentile(large, 0.5))}, p90 ${ms(percentile(large, 0.9))}, p95 ${ms(p95.large)}, p99 ${ms(percentile(large, 0.99))} (aim p95 < ${AIM_MS} ms: ${p95.large < AIM_MS ? 'met' : 'MISSED'})`,
      // A tail far above p50 on a loaded machine is the process being descheduled mid-sample; compare the load.
      `load average while measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
      // Growth compared at the median, which the scheduling noise of a busy machine leaves alone.
      `edit + undo, ${SMALL} lines: p50 ${ms(percentile(small, 0.5))}, p95 ${ms(p95.small)}; p50 growth for 10x lines: ${(percentile(large, 0.5) / percentile(small, 0.5)).toFixed(1)}x`,
      `publishing to the other window (structured clone of ${LARGE} lines + 5 undo steps, once per frame at most): p50 ${ms(percentile(clone, 0.5))}`,
      `baseline (array copy + slot replace, twice), ${LARGE} lines: p95 ${ms(p95.baseline)}; machine / baseline: ${(p95.large / Math.max(p95.baseline, 0.001)).toFixed(1)}x`,
    ];
  },
};
