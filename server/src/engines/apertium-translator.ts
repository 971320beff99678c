// Embedded translation with apertium (rule-based, offline, Debian packages per pair). Only the
// pairs installed here are offered; any other pair falls to TRANSLATE_URL or a clear error.
// Texts are sent in one run separated by blank lines, which apertium's text format keeps, because
// starting the apertium pipeline costs ~150 ms and a transcript has hundreds of segments.
import fs from 'node:fs/promises';
import path from 'node:path';
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

export class ApertiumTranslator implements Translator {
  readonly id = 'apertium';

  constructor(private readonly timeoutMs = 10 * 60_000) {}

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
    // A blank line inside one text would split it; inside a segment a newline is just a space.
    const flattened = texts.map((t) => t.replace(/\s+/g, ' ').trim());
    const filled = flattened.filter(Boolean);
    const batched = await this.run(mode, filled.join('\n\n'), pair.signal);
    const parts = batched.split(/\n\s*\n/).map((p) => p.trim());
    if (parts.length === filled.length) return flattened.map((t) => (t ? parts.shift()! : ''));
    // Some input made apertium merge or split paragraphs; fall back to one run per text.
    return Promise.all(flattened.map(async (t) => (t ? (await this.run(mode, t, pair.signal)).trim() : '')));
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
