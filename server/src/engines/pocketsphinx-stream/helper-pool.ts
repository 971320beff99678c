// Helpers for the live streams of one recogniser: one per active meeting stream, plus a few idle
// ones kept warm. Loading the en-US model costs a helper about 1.5 s of CPU, far more than the
// decoding of a sentence, so a stream that ends cleanly hands its helper back (the decoder resets
// per utterance) and the next meeting starts without the wait. Idle helpers end after idleMs.
import { PocketsphinxHelper } from './helper-process';

export interface HelperPoolOptions {
  binary: () => Promise<string>;
  args: string[];
  maxIdle?: number;
  idleMs?: number;
}

export class HelperPool {
  private readonly idle: Array<{ helper: PocketsphinxHelper; timer: NodeJS.Timeout }> = [];
  private readonly all = new Set<PocketsphinxHelper>();
  private closed = false;
  private warming: Promise<void> | null = null;

  constructor(private readonly options: HelperPoolOptions) {}

  async acquire(): Promise<PocketsphinxHelper> {
    for (let entry = this.idle.pop(); entry; entry = this.idle.pop()) {
      clearTimeout(entry.timer);
      if (entry.helper.alive) return entry.helper;
    }
    const binary = await this.options.binary();
    if (this.closed) throw new Error('the recogniser is closed');
    const helper = new PocketsphinxHelper(binary, this.options.args);
    this.all.add(helper);
    helper.onExit(() => this.all.delete(helper));
    return helper;
  }

  /** Starts a helper now, so the first stream does not wait for the model to load. */
  warm(): Promise<void> {
    // Meeting creation and the host's arrival both ask; one helper in the making answers both.
    if (this.idle.length) return Promise.resolve();
    this.warming ??= this.acquire()
      .then((helper) => this.release(helper))
      .finally(() => (this.warming = null));
    return this.warming;
  }

  /** Builds the helper binary now (a compile on the first start after an upgrade), starts nothing. */
  async prepareBinary(): Promise<void> {
    await this.options.binary();
  }

  /**
   * A helper between utterances goes back to the pool; one mid-utterance, dead or holding a user's
   * proper words (another meeting must not decode with them) is ended.
   */
  release(helper: PocketsphinxHelper): void {
    const maxIdle = this.options.maxIdle ?? 2;
    if (this.closed || !helper.alive || helper.midUtterance || helper.customised || this.idle.length >= maxIdle) return helper.stop();
    const timer = setTimeout(() => {
      const at = this.idle.findIndex((entry) => entry.helper === helper);
      if (at >= 0) this.idle.splice(at, 1);
      helper.stop();
    }, this.options.idleMs ?? 5 * 60_000);
    timer.unref();
    this.idle.push({ helper, timer });
  }

  /** Process ids of the running helpers (tests kill one; the benchmark reads their CPU time). */
  helpers(): PocketsphinxHelper[] {
    return [...this.all];
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.idle.splice(0)) clearTimeout(timer);
    for (const helper of this.all) helper.stop();
  }
}
