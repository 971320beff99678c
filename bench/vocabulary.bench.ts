// `npm run bench -- vocabulary` (issue 14): what the vocabulary adds to one live final, and what it
// does for proper nouns.
// Part 1: the text work of a final with 150 proper words, 200 terms, 300 sensitive words and 200
// replacements loaded — the correction pass, replacements, term placeholders in and out around the
// translator, and the participant's masked copy — against the same final without vocabulary (the
// translator is an in-process echo on both sides, so only the vocabulary's own cost is measured;
// samples interleaved so machine noise falls on both alike).
// Part 2: on the fixed espeak-ng set of bench/fixtures/vocabulary, recognised by pocketsphinx, the
// word error rate on the proper nouns (missed + wrongly inserted proper nouns / proper nouns said)
// and the overall WER, without and with the library.
// Part 3: the same on recordings of real people (bench/fixtures/vocabulary/real, LibriVox and
// LibriSpeech): proper-word recall and WER without the library, with it as the correction pass
// only, and with its words in the decoder's dictionary and language model (issue 26 item 7).
import os from 'node:os';
import type { VocabularySet } from '../server/src/domain/vocabulary/vocabulary-source';
import { compileVocabulary, type CompiledVocabulary } from '../server/src/domain/vocabulary/compiled-vocabulary';
import { translateWithTerms } from '../server/src/domain/vocabulary/term-protection';
import { vocabularyOnUtterance } from '../server/src/domain/vocabulary/transcript-vocabulary';
import { maskSubtitle } from '../server/src/live/live-connection';
import type { Translator } from '../server/src/engines/types';
import { wordErrorRate } from '../server/src/engines/wer';
import { readReferences } from './fixtures/asr/generate-recordings';
import { correct, properNounCounts, readSet, recognise } from './fixtures/vocabulary/proper-noun-set';
import { realSpeechLines } from './fixtures/vocabulary/real-speech';

const ROUNDS = 30;

/** Deterministic made-up words (no randomness between runs). */
function madeUpWords(count: number, seed: number): string[] {
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'qui', 'zen', 'dar', 'pel', 'sor', 'ny', 'bru', 'fen', 'gal', 'hux'];
  return Array.from({ length: count }, (_, i) => {
    const n = i * 7 + seed;
    return [syllables[n % 16], syllables[(n >> 2) % 16], syllables[(n >> 4) % 16]].join('') + (i >= 64 ? String(i) : '');
  });
}

export function loadedVocabulary(): VocabularySet {
  const proper = readSet().properWords;
  return {
    libraries: [],
    properWords: [...proper, ...madeUpWords(150 - proper.length, 1).map((w) => w[0]!.toUpperCase() + w.slice(1))],
    terms: [
      { original: 'budget', translation: 'presupuesto fijo', originalLanguage: 'en-US', translationLanguage: 'es-ES' },
      ...madeUpWords(199, 3).map((w) => ({ original: w, translation: `${w}-es`, originalLanguage: 'en-US', translationLanguage: 'es-ES' })),
    ],
    sensitiveWords: ['weather', ...madeUpWords(299, 5)],
    replacements: [{ before: 'gonna', after: 'going to' }, ...madeUpWords(199, 9).map((w) => ({ before: w, after: w.toUpperCase() }))],
  };
}

const echo: Translator = { id: 'echo', pairs: () => [], translate: async (texts) => texts.map((t) => t.toUpperCase()) };

async function processFinal(text: string, vocabulary: CompiledVocabulary | null): Promise<string> {
  const words = text.split(' ').map((w, i) => ({ text: w, startMs: i * 300, endMs: i * 300 + 250 }));
  const done = vocabulary ? vocabularyOnUtterance({ text, words }, vocabulary, { correct: true }) : { text, words };
  const [translation] = await translateWithTerms(echo, [done.text], { from: 'en-US', to: 'es-ES' }, vocabulary);
  const final = { type: 'subtitle.final' as const, seq: 1, segmentId: 's', startMs: 0, endMs: 1, lang: 'en-US', speaker: null, text: done.text, translations: { 'es-ES': translation! } };
  const shown = vocabulary ? maskSubtitle(final, (t) => vocabulary.mask(t)) : final;
  return JSON.stringify(shown);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export const vocabularyBench = {
  title: 'vocabulary: added latency per live final (150 proper words, 200 terms, 300 sensitive words, 200 replacements) and proper-noun WER',
  async run(): Promise<string[]> {
    const lines: string[] = [];
    const finals = [...readReferences().map((r) => r.text.toLowerCase()), ...readSet().sentences.map((s) => s.text), 'david og alert about the weather budget gonna move'];
    const set = loadedVocabulary();
    const compileStart = performance.now();
    const vocabulary = compileVocabulary(set);
    vocabulary.glossary('en-US', 'es-ES');
    lines.push(`compile once per meeting: ${(performance.now() - compileStart).toFixed(1)} ms`);
    // Without libraries a final has no vocabulary at all (vocabulary-in-force answers null).
    const empty = null;
    const baseline: number[] = [];
    const added: number[] = [];
    // CPU time of the process too: on a shared machine a wall-clock sample also counts the time the
    // process waited for a core, which is not the vocabulary's cost.
    const addedCpu: number[] = [];
    // Each round is a new meeting's first finals: the runs a meeting already compared (its cache)
    // are forgotten, not recompiled, so no compilation garbage is collected inside a sample.
    const meeting = vocabulary;
    for (let round = 0; round < ROUNDS + 3; round++) {
      meeting.forgetRuns();
      for (const text of finals) {
        const cpuA = process.cpuUsage();
        const a = performance.now();
        await processFinal(text, empty);
        const b = performance.now();
        const cpuB = process.cpuUsage();
        await processFinal(text, meeting);
        const c = performance.now();
        const cpuC = process.cpuUsage();
        if (round < 3) continue; // warm-up
        baseline.push(b - a);
        added.push(c - b - (b - a));
        const cpu = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1000;
        addedCpu.push(cpu(cpuB, cpuC) - cpu(cpuA, cpuB));
      }
    }
    baseline.sort((x, y) => x - y);
    added.sort((x, y) => x - y);
    addedCpu.sort((x, y) => x - y);
    lines.push(`final without vocabulary (baseline): p50 ${percentile(baseline, 0.5).toFixed(3)} ms, p99 ${percentile(baseline, 0.99).toFixed(3)} ms over ${baseline.length} finals`);
    lines.push(
      `added by the vocabulary (wall clock): p50 ${percentile(added, 0.5).toFixed(3)} ms, p90 ${percentile(added, 0.9).toFixed(3)} ms, p99 ${percentile(added, 0.99).toFixed(3)} ms, max ${added.at(-1)!.toFixed(3)} ms (aim p99 < 2 ms)`,
      `added by the vocabulary (process CPU time): p50 ${percentile(addedCpu, 0.5).toFixed(3)} ms, p99 ${percentile(addedCpu, 0.99).toFixed(3)} ms · machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    );

    const recognised = await recognise();
    const steered = await recognise(readSet(), set.properWords);
    let expected = 0;
    const without = { hits: 0, falseInsertions: 0, errors: 0, words: 0 };
    const withLibrary = { hits: 0, falseInsertions: 0, errors: 0, words: 0 };
    const inDecoder = { hits: 0, falseInsertions: 0, errors: 0, words: 0 };
    for (const [i, r] of recognised.entries()) {
      const corrected = correct(r.recognised, set.properWords);
      const decoded = correct(steered[i]!.recognised, set.properWords);
      for (const [side, hypothesis] of [[without, r.recognised], [withLibrary, corrected], [inDecoder, decoded]] as const) {
        const counts = properNounCounts(r.text, hypothesis, set.properWords);
        side.hits += counts.hits;
        side.falseInsertions += counts.falseInsertions;
        const wer = wordErrorRate(r.text, hypothesis.toLowerCase());
        side.errors += wer.substitutions + wer.deletions + wer.insertions;
        side.words += wer.referenceLength;
      }
      expected += properNounCounts(r.text, r.text, set.properWords).expected;
    }
    const properWer = (side: typeof without) => (((expected - side.hits + side.falseInsertions) / expected) * 100).toFixed(0);
    const sideLine = (label: string, side: typeof without) =>
      `  ${label} ${side.hits}/${expected} recognised, ${side.falseInsertions} inserted wrongly · proper-noun WER ${properWer(side)}% · WER ${((side.errors / side.words) * 100).toFixed(1)}%`;
    lines.push(
      `proper nouns, ${recognised.length} espeak-ng sentences, ${expected} proper nouns said, 150 proper words loaded:`,
      sideLine('without library:                   ', without),
      sideLine('library, correction pass only:     ', withLibrary),
      sideLine('library in the decoder + the pass: ', inDecoder),
    );
    lines.push(...(await realSpeechLines(set.properWords)));
    return lines;
  },
};
