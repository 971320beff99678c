// Embedded translation with apertium (rule-based, offline, Debian packages per pair). Only the
// pairs installed here are offered; any other pair falls to TRANSLATE_URL or a clear error.
// Texts stream through one long-running pipeline per pair (apertium-pipeline.ts), because starting
// apertium costs 130–300 ms and the live hub translates every final. When that pipeline fails, the
// request is answered by one apertium run of its own, as before, and the reason is logged.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApertiumPipeline, PipelineFailure, type PipelineOptions } from './apertium-pipeline';
import { flattenForApertium } from './apertium-stream-format';
import { EngineUnavailableError } from './engine-errors';
import { languageMatches } from './languages';
import { runProcess } from './run-process';
import { withTempDir } from './temp-dir';
import type { LanguagePair, Translator } from './types';

/** Product language pair → apertium mode. The one table to extend when a pair package is added. */
export const APERTIUM_MODES: readonly { from: string; to: string; mode: string }[] = [
  { from: 'en-US', to: 'es-ES', mode: 'eng-spa' },
  { from: 'es-ES', to: 'en-US', mode: 'spa-eng' },
];

/** Fastify's (pino's) logger fits; engines are built before the app, so it is passed in. */
export interface EngineLog {
  warn(details: object, message: string): void;
}

export interface ApertiumTranslatorOptions extends PipelineOptions {
  log?: EngineLog;
  /** false: every request is one apertium run (the fallback path on its own, for comparison). */
  streaming?: boolean;
}

/** Pipeline failures in a row, with no success between, after which a pair runs one-shot for a while. */
const FAILURES_BEFORE_PAUSE = 3;
const PAUSE_MS = 60_000;

const consoleLog: EngineLog = { warn: (details, message) => console.warn(message, details) };

export class ApertiumTranslator implements Translator {
  readonly id = 'apertium';
  private readonly pipelines = new Map<string, ApertiumPipeline>();
  private readonly failures = new Map<string, { inARow: number; pausedUntil: number }>();
  private readonly log: EngineLog;
  private closed = false;

  constructor(
    private readonly timeoutMs = 10 * 60_000,
    private readonly options: ApertiumTranslatorOptions = {},
  ) {
    this.log = options.log ?? consoleLog;
  }

  pairs(): LanguagePair[] {
    return APERTIUM_MODES.map(({ from, to }) => ({ from, to }));
  }

  modeFor(from: string, to: string): string | null {
    return APERTIUM_MODES.find((m) => languageMatches(m.from, from) && languageMatches(m.to, to))?.mode ?? null;
  }

  async translate(texts: string[], pair: LanguagePair & { signal?: AbortSignal }): Promise<string[]> {
    const mode = this.modeFor(pair.from, pair.to);
    if (!mode) throw new EngineUnavailableError('engines:noTranslation', { from: pair.from, to: pair.to, setting: 'TRANSLATE_URL' });
    if (texts.length === 0) return [];
    const flattened = texts.map(flattenForApertium);
    const filled = flattened.filter(Boolean);
    const translated = filled.length ? await this.translateFilled(mode, filled, pair.signal) : [];
    let next = 0;
    return flattened.map((t) => (t ? translated[next++]! : ''));
  }

  /** Starts the pair's pipeline ahead of the first text (a meeting about to translate), so that text does not wait for it. */
  prepare(from: string, to: string): void {
    const mode = this.modeFor(from, to);
    if (mode) this.pipelineFor(mode)?.warm();
  }

  /** Process id of the pair's running pipeline, or null; for tests that kill it. */
  pipelinePid(from: string, to: string): number | null {
    const mode = this.modeFor(from, to);
    return (mode && this.pipelines.get(mode)?.pid) || null;
  }

  /** Ends the pipelines; a request arriving later (a job finishing during shutdown) runs one-shot. */
  async close(): Promise<void> {
    this.closed = true;
    const pipelines = [...this.pipelines.values()];
    this.pipelines.clear();
    await Promise.all(pipelines.map((p) => p.close()));
  }

  private async translateFilled(mode: string, texts: string[], signal?: AbortSignal): Promise<string[]> {
    const pipeline = this.pipelineFor(mode);
    if (pipeline) {
      try {
        const out = await pipeline.translate(texts, { signal, timeoutMs: this.timeoutMs });
        this.failures.delete(mode);
        return out;
      } catch (error) {
        if (!(error instanceof PipelineFailure)) throw error;
        this.noteFailure(mode, error);
      }
    }
    return this.translateOneShot(mode, texts, signal);
  }

  private pipelineFor(mode: string): ApertiumPipeline | null {
    if (this.options.streaming === false || this.closed) return null;
    if ((this.failures.get(mode)?.pausedUntil ?? 0) > Date.now()) return null;
    let pipeline = this.pipelines.get(mode);
    if (!pipeline) {
      pipeline = new ApertiumPipeline(mode, this.options);
      this.pipelines.set(mode, pipeline);
    }
    return pipeline;
  }

  private noteFailure(mode: string, error: PipelineFailure) {
    const state = this.failures.get(mode) ?? { inARow: 0, pausedUntil: 0 };
    state.inARow++;
    // A pipeline that keeps dying (missing binary, broken package) would otherwise cost a start per request.
    const pause = state.inARow >= FAILURES_BEFORE_PAUSE;
    if (pause) {
      state.inARow = 0;
      state.pausedUntil = Date.now() + PAUSE_MS;
    }
    this.failures.set(mode, state);
    this.log.warn(
      { engine: this.id, mode, reason: error.message, ...(pause ? { pausedForMs: PAUSE_MS } : {}) },
      'apertium pipeline failed; translating this request with a one-shot apertium run',
    );
  }

  /** One apertium run for the whole request: texts separated by blank lines, which apertium's text format keeps. */
  private async translateOneShot(mode: string, texts: string[], signal?: AbortSignal): Promise<string[]> {
    const batched = await this.run(mode, texts.join('\n\n'), signal);
    const parts = batched.split(/\n\s*\n/).map((p) => p.trim());
    if (parts.length === texts.length) return parts;
    // Some input made apertium merge or split paragraphs; fall back to one run per text.
    return Promise.all(texts.map(async (t) => (await this.run(mode, t, signal)).trim()));
  }

  private run(mode: string, text: string, signal?: AbortSignal): Promise<string> {
    // The input goes through a file: apertium's script opens /dev/stdin by path, which fails when
    // stdin is the socket node gives a child process.
    return withTempDir('apertium', async (dir) => {
      const input = path.join(dir, 'input.txt');
      await fs.writeFile(input, text);
      // -u drops the * apertium puts before words it does not know; the word itself is kept.
      const { stdout } = await runProcess(this.id, 'apertium', ['-u', mode, input], { signal, timeoutMs: this.timeoutMs });
      return stdout.toString('utf8');
    });
  }
}
