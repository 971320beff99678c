// One long-running apertium pipeline for one mode (language pair). Starting apertium loads its
// dictionaries and costs 130–300 ms; a translation through a running pipeline costs 1–3 ms, which
// the live hub needs for every final. Every stage runs in null-flush mode (-z): each text is sent
// as one '\0'-terminated chunk and answered with one '\0'-terminated chunk.
//
// Each chunk starts with a superblank naming its id ([parley-17]); apertium passes superblanks
// through untouched, so an answer that does not carry the id of the oldest chunk in flight proves
// the stream lost its alignment, and the pipeline is killed rather than hand anyone another
// caller's text. Any failure (exit, stall, misalignment) rejects every open request with
// PipelineFailure; the translator falls back to a one-shot run for them, and the next request
// starts a fresh pipeline.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fromApertiumStream, toApertiumStream } from './apertium-stream-format';
import { aborted, engineTimedOut } from './engine-errors';
import { runProcess } from './run-process';
import { spawnEngine, type PipedEngineProcess } from './spawner/spawner';


/** Chunks written ahead of their answers: keeps the stages busy without letting one big batch hold back a live final for long. */
const WINDOW = 8;

export class PipelineFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PipelineFailure';
  }
}

export interface PipelineOptions {
  /** Directory of apertium's *.mode files. */
  modesDir?: string;
  /** An answer not back this long after its chunk was written means the pipeline is stuck. */
  stallTimeoutMs?: number;
  /** Added to the stall limit for the first answer, which also waits for the dictionaries to load (seconds on a busy machine). */
  startupGraceMs?: number;
}

interface Request {
  /** Flattened, non-empty texts. */
  texts: string[];
  results: string[];
  next: number;
  answered: number;
  done: boolean;
  resolve(results: string[]): void;
  reject(error: Error): void;
}

interface InFlight {
  id: number;
  request: Request;
  index: number;
  writtenAt: number;
}

export class ApertiumPipeline {
  private child: PipedEngineProcess | null = null;
  private starting: Promise<PipedEngineProcess> | null = null;
  private queue: Request[] = [];
  private inFlight: InFlight[] = [];
  private nextId = 1;
  private output = '';
  private answeredSinceStart = false;
  private stderrTail = '';
  private watchdog: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly modesDir: string;
  private readonly stallTimeoutMs: number;
  private readonly startupGraceMs: number;

  constructor(
    readonly mode: string,
    options: PipelineOptions = {},
  ) {
    this.modesDir = options.modesDir ?? path.join(process.env.APERTIUM_DATADIR ?? '/usr/share/apertium', 'modes');
    this.stallTimeoutMs = options.stallTimeoutMs ?? 5_000;
    this.startupGraceMs = options.startupGraceMs ?? 10_000;
  }

  /** Process id of the running pipeline's shell (its process group), or null while none runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /**
   * Translates flattened, non-empty texts in order. Rejects with PipelineFailure when the pipeline
   * fails (the caller may fall back), with aborted / engine_timeout for this request alone.
   */
  translate(texts: string[], options: { signal?: AbortSignal; timeoutMs: number }): Promise<string[]> {
    if (this.closed) return Promise.reject(new PipelineFailure('pipeline closed'));
    if (options.signal?.aborted) return Promise.reject(aborted('apertium'));
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise<string[]>((resolve, reject) => {
      const finish = () => {
        request.done = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        this.queue = this.queue.filter((r) => r !== request);
      };
      const request: Request = {
        texts,
        results: [],
        next: 0,
        answered: 0,
        done: false,
        resolve: (results) => {
          finish();
          resolve(results);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      // Chunks already written stay in flight; their answers are read and dropped, so the stream stays aligned.
      const onAbort = () => request.reject(aborted('apertium'));
      const timer = setTimeout(() => request.reject(engineTimedOut('apertium', Math.round(options.timeoutMs / 1000))), options.timeoutMs);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(request);
      this.ensureStarted().then(
        () => this.pump(),
        (error: unknown) => request.reject(error instanceof PipelineFailure ? error : new PipelineFailure(`could not start: ${String(error)}`)),
      );
    });
  }

  /** Starts the process now rather than with the first text. */
  warm(): void {
    if (!this.closed) this.ensureStarted().catch(() => undefined);
  }

  /** Ends the pipeline; open requests fail with PipelineFailure. */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child ?? (await this.starting?.catch(() => null)) ?? null;
    this.fail('pipeline closed');
    if (child) await this.stop(child);
  }

  private ensureStarted(): Promise<PipedEngineProcess> {
    if (this.child) return Promise.resolve(this.child);
    this.starting ??= this.start().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<PipedEngineProcess> {
    // apertium-wblank-mode writes the mode's stages as one shell pipeline with -z on every stage;
    // $1 is the generator's option (-n: no '*' before unknown words, like `apertium -u`), $2 the tagger's extra option.
    const modeFile = path.join(this.modesDir, `${this.mode}.mode`);
    // apertium-wblank-mode answers a missing file with a broken script and status 0.
    await access(modeFile).catch(() => {
      throw new PipelineFailure(`could not start: no mode file ${modeFile}`);
    });
    const script = (await runProcess('apertium', 'apertium-wblank-mode', ['-z', modeFile], { timeoutMs: 10_000 })).stdout.toString('utf8');
    if (this.closed) throw new PipelineFailure('pipeline closed');
    // Its own process group, so a kill reaches every stage, not only the shell.
    const child = spawnEngine('bash', ['-c', script, 'apertium', '-n', ''], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    this.output = '';
    this.answeredSinceStart = false;
    this.stderrTail = '';
    this.child = child;
    // An idle pipeline must not keep the process alive; a waiting request's timer does while it waits.
    child.unref();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (data: string) => this.onOutput(child, data));
    child.stderr.on('data', (data: Buffer) => {
      this.stderrTail = (this.stderrTail + data.toString('utf8')).slice(-2_000);
    });
    child.stdin.on('error', (error) => this.failChild(child, `stdin: ${error.message}`));
    child.on('error', (error) => this.failChild(child, `spawn: ${error.message}`));
    child.on('exit', (code, signal) => this.failChild(child, `exited with ${code ?? signal}${this.stderrTail ? `: ${this.stderrTail.trim().split('\n').slice(-2).join(' ')}` : ''}`));
    return child;
  }

  /** Writes chunks, round-robin over waiting requests, while fewer than WINDOW are unanswered. */
  private pump() {
    const child = this.child;
    if (!child) return;
    while (this.inFlight.length < WINDOW) {
      const request = this.queue.find((r) => !r.done && r.next < r.texts.length);
      if (!request) break;
      const index = request.next++;
      const id = this.nextId++;
      this.inFlight.push({ id, request, index, writtenAt: performance.now() });
      child.stdin.write(`[parley-${id}]${toApertiumStream(request.texts[index]!)}\0`);
      // Round robin: this request goes behind the others waiting.
      this.queue = [...this.queue.filter((r) => r !== request), request];
    }
    this.armWatchdog();
  }

  private onOutput(child: PipedEngineProcess, data: string) {
    if (child !== this.child) return;
    this.output += data;
    let end: number;
    while ((end = this.output.indexOf('\0')) >= 0) {
      const answer = this.output.slice(0, end);
      this.output = this.output.slice(end + 1);
      const chunk = this.inFlight.shift();
      const tag = chunk && `[parley-${chunk.id}]`;
      if (!chunk || !tag || !answer.startsWith(tag)) {
        this.failChild(child, `answer out of step (expected ${tag ?? 'none'}, got ${JSON.stringify(answer.slice(0, 40))})`);
        return;
      }
      this.answeredSinceStart = true;
      const { request, index } = chunk;
      if (request.done) continue;
      request.results[index] = fromApertiumStream(answer.slice(tag.length)).trim();
      if (++request.answered === request.texts.length) request.resolve(request.results);
    }
    this.pump();
  }

  private armWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    const oldest = this.inFlight[0];
    if (!oldest) return;
    const child = this.child;
    const limit = this.stallTimeoutMs + (this.answeredSinceStart ? 0 : this.startupGraceMs);
    const wait = Math.max(0, oldest.writtenAt + limit - performance.now());
    this.watchdog = setTimeout(() => {
      if (child && this.inFlight[0] === oldest) this.failChild(child, `no answer within ${limit} ms`);
      else this.armWatchdog();
    }, wait);
    this.watchdog.unref();
  }

  private failChild(child: PipedEngineProcess, reason: string) {
    if (child !== this.child) return;
    this.fail(reason);
    void this.stop(child);
  }

  /** Forgets the current process and rejects every open request; the next request starts afresh. */
  private fail(reason: string) {
    this.child = null;
    this.inFlight = [];
    this.output = '';
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    const open = this.queue;
    this.queue = [];
    for (const request of open) request.reject(new PipelineFailure(`apertium ${this.mode}: ${reason}`));
  }

  private async stop(child: PipedEngineProcess) {
    child.stdin.end();
    const exited = child.exitCode !== null || child.signalCode !== null;
    // Held referenced while it winds down, so a closing app waits for the exit instead of ending with it unawaited.
    if (!exited) await new Promise<void>((resolve) => {
      child.ref();
      const timer = setTimeout(resolve, 1_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // Stages still running after the shell (it was killed, or ignored end of input) go with the group.
    // A clean exit means every stage has ended, and the group id may no longer be ours.
    if (child.exitCode === 0 || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The whole group has already exited.
    }
  }
}
