// Map-reduce needs the transcript in pieces that fit a model's context. Tokens are estimated, not
// counted (no tokenizer for every model): about 4 characters a token for languages written with
// spaces, about one token per Han character. Chunks break between lines, never inside one.
import type { SummaryLine } from '../types';

export function estimateTokens(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return Math.ceil(han + (text.length - han) / 4);
}

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** "[00:12:05] Alice: text", so the model can attribute decisions and action items. */
export function formatLine(line: SummaryLine): string {
  const time = line.startMs !== undefined ? `[${clock(line.startMs)}] ` : '';
  return `${time}${line.speaker ? `${line.speaker}: ` : ''}${line.text.trim()}`;
}

/** Consecutive groups of texts of at most `maxTokens` each (a single longer text is cut). */
export function chunkTexts(texts: readonly string[], maxTokens: number): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  const flush = () => {
    if (current.length) chunks.push(current.join('\n'));
    current = [];
    tokens = 0;
  };
  for (const text of texts) {
    let rest = text;
    // A line longer than a whole chunk (a transcript without line breaks) is cut by characters.
    while (estimateTokens(rest) > maxTokens) {
      flush();
      const cut = Math.max(1, Math.floor((rest.length * maxTokens) / estimateTokens(rest)));
      chunks.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    const size = estimateTokens(rest);
    if (tokens + size > maxTokens) flush();
    current.push(rest);
    tokens += size;
  }
  flush();
  return chunks;
}
