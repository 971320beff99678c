// `npm run engines:check` (scripts/engines-check.ts): calls every engine this configuration would
// use once — recognition on a second of audio, one short translation per engine, one spoken phrase
// — and reports each call's latency, then which engine each product language gets. An operator runs
// it after editing the engines settings, before users find a wrong URL or a missing model.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_LANGUAGES } from '../domain/transcript/language-lists';
import type { EngineConfig } from './config';
import { createEngines } from './registry';
import { withTempDir } from './temp-dir';
import { encodeWav } from './wav';

export interface EngineProbe {
  kind: 'recognition' | 'translation' | 'synthesis';
  engine: string;
  /** What the probe asked for: a language or a pair. */
  subject: string;
  ok: boolean;
  ms: number;
  detail: string;
}

export interface LanguageCoverage {
  language: string;
  recognition: string | null;
  /** Target languages reachable from this one, with the engine of each. */
  translation: Record<string, string>;
  synthesis: string | null;
}

const SAMPLE: Record<string, string> = { zh: '会议现在开始', en: 'The meeting starts now' };
const sampleText = (language: string) => SAMPLE[language.split('-')[0]!.toLowerCase()] ?? SAMPLE.en!;

function pick<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null;
  }
}

async function timed(work: () => Promise<string>): Promise<{ ok: boolean; ms: number; detail: string }> {
  const start = performance.now();
  try {
    const detail = await work();
    return { ok: true, ms: performance.now() - start, detail };
  } catch (error) {
    return { ok: false, ms: performance.now() - start, detail: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  }
}

export async function checkEngines(config: EngineConfig, languages: readonly string[] = PRODUCT_LANGUAGES): Promise<{ probes: EngineProbe[]; coverage: LanguageCoverage[] }> {
  const engines = createEngines(config);
  try {
    const coverage = languages.map((language): LanguageCoverage => ({
      language,
      recognition: pick(() => engines.recognizerFor(language).id),
      translation: Object.fromEntries(languages.filter((to) => to !== language).flatMap((to) => {
        const id = pick(() => engines.translatorFor(language, to).id);
        return id ? [[to, id]] : [];
      })),
      synthesis: pick(() => engines.synthesizerFor(language).id),
    }));
    const probes: EngineProbe[] = [];
    // One call per engine instance, in the first language (or pair) it serves.
    const seen = new Set<unknown>();
    await withTempDir('engines-check', async (dir) => {
      const wav = path.join(dir, 'second.wav');
      await fs.writeFile(wav, encodeWav(new Int16Array(16_000), 16_000));
      for (const language of languages) {
        const recognizer = pick(() => engines.recognizerFor(language));
        if (recognizer && !seen.has(recognizer)) {
          seen.add(recognizer);
          const result = await timed(async () => `${(await recognizer.transcribe(wav, { language })).segments.length} segments`);
          probes.push({ kind: 'recognition', engine: recognizer.id, subject: language, ...result });
        }
        const synthesizer = pick(() => engines.synthesizerFor(language));
        if (synthesizer && !seen.has(synthesizer)) {
          seen.add(synthesizer);
          const result = await timed(async () => `${(await synthesizer.synthesize(sampleText(language), { language })).length} bytes of wav, ${synthesizer.voices(language).length} voices`);
          probes.push({ kind: 'synthesis', engine: synthesizer.id, subject: language, ...result });
        }
        for (const to of languages) {
          const translator = to === language ? null : pick(() => engines.translatorFor(language, to));
          if (!translator || seen.has(translator)) continue;
          seen.add(translator);
          const result = await timed(async () => (await translator.translate([sampleText(language)], { from: language, to }))[0] ?? '');
          probes.push({ kind: 'translation', engine: translator.id, subject: `${language}→${to}`, ...result });
        }
      }
    });
    return { probes, coverage };
  } finally {
    await engines.close();
  }
}

/** The report as printed: one line per probe, then one per language. */
export function formatEngineCheck({ probes, coverage }: Awaited<ReturnType<typeof checkEngines>>): string[] {
  const lines = probes.map((p) => `${p.ok ? 'ok  ' : 'FAIL'} ${p.kind.padEnd(11)} ${p.engine.padEnd(22)} ${p.subject.padEnd(12)} ${p.ms.toFixed(0).padStart(6)} ms  ${p.detail}`);
  lines.push('', 'language  recognition            voice                  translates into');
  for (const c of coverage) {
    const targets = Object.entries(c.translation);
    const byEngine = new Map<string, string[]>();
    for (const [to, engine] of targets) byEngine.set(engine, [...(byEngine.get(engine) ?? []), to]);
    const into = [...byEngine].map(([engine, tos]) => `${tos.length === coverage.length - 1 ? 'all' : tos.join(' ')} (${engine})`).join('; ') || '—';
    lines.push(`${c.language.padEnd(9)} ${(c.recognition ?? '—').padEnd(22)} ${(c.synthesis ?? '—').padEnd(22)} ${into}`);
  }
  return lines;
}
