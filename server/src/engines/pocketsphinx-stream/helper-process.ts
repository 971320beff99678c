// One running ps-stream helper: PCM in, one JSON answer line per partial or final request out, in
// order. It knows nothing of the clock: answers follow the audio written before the request, so a
// test can drive it faster than real time and a loaded machine only delays it.
import fs from 'node:fs';
import readline from 'node:readline';
import { engineFailed, type EngineError } from '../engine-errors';
import type { RecognizedWord } from '../types';
import type { HintWord } from './hint-lexicon';
import { spawnEngine, type PipedEngineProcess } from '../spawner/spawner';

interface HelperWord {
  w: string;
  s: number;
  e: number;
  p?: number;
  /** Utterance number (whole-file answers). */
  u?: number;
}

interface HelperAnswer {
  type: string;
  words?: HelperWord[];
  ok?: boolean;
  error?: string;
}

interface Waiter {
  resolve(answer: HelperAnswer): void;
  reject(error: EngineError): void;
}

/** A word of a whole-file answer, with the number of the utterance it belongs to. */
export interface FileWord extends RecognizedWord {
  utterance: number;
}

export class PocketsphinxHelper {
  private readonly child: PipedEngineProcess;
  private readonly waiters: Waiter[] = [];
  private readonly exitListeners = new Set<(error: EngineError) => void>();
  private stderrTail = '';
  private exitError: EngineError | null = null;
  /** The helper has audio of an utterance it has not finalised (it must not go back to a pool). */
  midUtterance = false;
  /** Added words (a user's proper words): such a helper never serves another stream. */
  private readonly added = new Map<string, string[]>();
  /** Resolves when the model has loaded (audio written before is buffered, not lost). */
  readonly ready: Promise<void>;
  private markReady: () => void = () => undefined;

  constructor(binary: string, args: string[]) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.child = spawnEngine(binary, args);
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    // A helper killed mid-write raises EPIPE; the exit handler reports the real cause.
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (error) => this.died(`could not start: ${error.message}`));
    this.child.on('exit', (code, signal) => this.died(`exited with ${signal ?? code}${this.stderrTail ? `: ${this.stderrTail.trim().split('\n').at(-1)}` : ''}`));
    const lines = readline.createInterface({ input: this.child.stdout });
    lines.on('line', (line) => this.onLine(line));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.exitError === null;
  }

  /** Audio of the utterance in progress (opens one when none is). */
  write(pcm16le: Buffer): void {
    if (!this.alive || pcm16le.length === 0) return;
    this.midUtterance = true;
    this.child.stdin.write(`A ${pcm16le.length}\n`);
    this.child.stdin.write(pcm16le);
  }

  /** The best hypothesis for the audio written so far; times from the utterance's first sample. */
  partial(): Promise<RecognizedWord[]> {
    return this.request('P\n').then((answer) => this.wordsOf(answer));
  }

  /** Closes the utterance; its final words with times and posteriors. */
  final(): Promise<RecognizedWord[]> {
    const answer = this.request('E\n').then((answer) => this.wordsOf(answer));
    this.midUtterance = false;
    return answer;
  }

  /** True once words were added: the helper then belongs to one user's stream and is not pooled. */
  get customised(): boolean {
    return this.added.size > 0;
  }

  /**
   * Adds proper words to the dictionary and language model, before any audio (commands are answered
   * in order, so audio written meanwhile is decoded with them). Answers the keys the decoder refused.
   */
  addWords(lexicon: readonly HintWord[], weight: number): Promise<string[]> {
    const answers = lexicon.map((entry, i) => {
      this.added.set(entry.key, entry.words);
      // The search is rebuilt once, after the last word.
      const update = i === lexicon.length - 1 ? 1 : 0;
      return this.request(`W ${update} ${weight} ${entry.key} ${entry.phones.join(' ')}\n`).then((answer) => (answer.ok ? null : entry.key));
    });
    return Promise.all(answers).then((refused) => refused.filter((key): key is string => key !== null));
  }

  /** Decodes a whole 16 kHz mono wav file (the upload path); times from the file's start. */
  decodeFile(wavPath: string): Promise<FileWord[]> {
    if (/[\n\r]/.test(wavPath)) return Promise.reject(engineFailed('pocketsphinx', 'the wav path has a line break'));
    return this.request(`F ${wavPath}\n`).then((answer) => {
      if (answer.error) throw engineFailed('pocketsphinx', `streaming decoder: ${answer.error}`);
      return (answer.words ?? []).flatMap((word) => this.expand(word).map((w) => ({ ...w, utterance: word.u ?? 0 })));
    });
  }

  onExit(listener: (error: EngineError) => void): () => void {
    if (this.exitError) listener(this.exitError);
    else this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /**
   * CPU time the helper has used so far (user + system, its own and that of the children it forked
   * and waited for: each partial's lattice is built in one), read from /proc; null when gone.
   */
  cpuMs(): number | null {
    if (!this.child.pid || !this.alive) return null;
    try {
      const stat = fs.readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
      // Fields after the parenthesised command name; utime, stime, cutime, cstime are the 14th to 17th overall.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    } catch {
      return null;
    }
  }

  /** Ends the helper: closing stdin lets it exit; a kill follows if it does not. */
  stop(): void {
    if (!this.alive) return;
    this.child.stdin.end();
    setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  private wordsOf(answer: HelperAnswer): RecognizedWord[] {
    return (answer.words ?? []).flatMap((word) => this.expand(word));
  }

  /** A helper word as transcript words: an added key is the user's spelling, a name split into its words. */
  private expand(word: HelperWord): RecognizedWord[] {
    const confidence = word.p === undefined ? {} : { confidence: word.p };
    const spelled = this.added.get(word.w);
    if (!spelled || spelled.length < 2) return [{ text: spelled?.[0] ?? word.w, startMs: word.s, endMs: word.e, ...confidence }];
    // The name's time shared by letters: close enough for subtitles and the editor's word marks.
    const letters = spelled.reduce((sum, w) => sum + w.length, 0);
    let at = word.s;
    return spelled.map((text, i) => {
      const endMs = i === spelled.length - 1 ? word.e : Math.round(at + ((word.e - word.s) * text.length) / letters);
      const out = { text, startMs: at, endMs, ...confidence };
      at = endMs;
      return out;
    });
  }

  private request(command: string): Promise<HelperAnswer> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.child.stdin.write(command);
    });
  }

  private onLine(line: string) {
    let answer: HelperAnswer;
    try {
      answer = JSON.parse(line) as typeof answer;
    } catch {
      return this.died(`answered something that is not JSON: ${line.slice(0, 120)}`);
    }
    if (answer.type === 'ready') return this.markReady();
    this.waiters.shift()?.resolve(answer);
  }

  private died(reason: string) {
    if (this.exitError) return;
    this.exitError = engineFailed('pocketsphinx', `streaming decoder ${reason}`);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.exitError);
    for (const listener of [...this.exitListeners]) listener(this.exitError);
    this.exitListeners.clear();
  }
}

/** Linux's USER_HZ; /proc times are in these ticks on every architecture Debian ships. */
const CLOCK_TICKS_PER_SECOND = 100;
