// Offline summaries of real meetings (issue 24): QMSum meetings (MIT, bench/fixtures/qmsum, validation
// split) with their human "summarize the whole meeting" answers as references. ROUGE-1/2/L F1 of the
// offline summary against a lead baseline measured in the same run: the transcript's first words, as
// many as the summary has. Also counted: sentences repeated within a summary or between the summary
// and its key points, and the time to summarise a 4-hour meeting (the fixtures concatenated).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeOffline } from '../server/src/engines/summarizer/offline-summarizer';
import { textKey } from '../server/src/engines/summarizer/select';
import type { SummaryLine } from '../server/src/engines/types';
import { rouge, rougeTokens, type RougeScores } from './support/rouge';

interface QmsumMeeting {
  id: string;
  reference: string;
  lines: { speaker: string; text: string }[];
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'qmsum');
/** About 4 hours of speech at ~150 spoken words a minute. */
const FOUR_HOURS_WORDS = 4 * 60 * 150;

export function loadMeetings(): QmsumMeeting[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as QmsumMeeting);
}

/** QMSum's text is tokenised ("Okay ." / "don't ,"); a recogniser's is not. Only the spacing is undone. */
export const transcriptLines = (meeting: QmsumMeeting): SummaryLine[] =>
  meeting.lines.map((l) => ({ speaker: l.speaker, text: l.text.replace(/\s+([.,!?;:])/g, '$1').replace(/\s+('\w)/g, '$1') }));

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const fmt = (n: number) => n.toFixed(3);

function repeatedSentences(summary: string, keyPoints: string[]): number {
  const sentences = [...(summary.match(/[^.!?]+[.!?]*/g) ?? []), ...keyPoints].map(textKey).filter(Boolean);
  return sentences.length - new Set(sentences).size;
}

export const summaryBench = {
  title: 'offline meeting summary vs lead baseline: ROUGE F1 on QMSum meetings (validation split), repeats, 4-hour time',
  async run(): Promise<string[]> {
    const meetings = loadMeetings();
    const ours: RougeScores[] = [];
    const lead: RougeScores[] = [];
    const out: string[] = ['meeting   words  summary-words  R1 ours/lead   R2 ours/lead   RL ours/lead   repeats'];
    let repeats = 0;
    for (const meeting of meetings) {
      const lines = transcriptLines(meeting);
      const result = summarizeOffline(lines, { language: 'en-US' });
      const summaryWords = rougeTokens(result.summary).length;
      const transcriptWords = lines.map((l) => l.text).join(' ').split(/\s+/);
      const leadText = transcriptWords.slice(0, summaryWords).join(' ');
      const a = rouge(result.summary, meeting.reference);
      const b = rouge(leadText, meeting.reference);
      const repeated = repeatedSentences(result.summary, result.keyPoints);
      repeats += repeated;
      ours.push(a);
      lead.push(b);
      out.push(
        `${meeting.id.padEnd(9)} ${String(transcriptWords.length).padStart(6)} ${String(summaryWords).padStart(14)}  ` +
          `${fmt(a.rouge1)}/${fmt(b.rouge1)}    ${fmt(a.rouge2)}/${fmt(b.rouge2)}    ${fmt(a.rougeL)}/${fmt(b.rougeL)}    ${repeated}`,
      );
    }
    const r1 = mean(ours.map((s) => s.rouge1));
    const r1Lead = mean(lead.map((s) => s.rouge1));
    out.push(
      `mean over ${meetings.length}: ROUGE-1 ${fmt(r1)} (lead ${fmt(r1Lead)}, ratio ${(r1 / r1Lead).toFixed(2)}×; aim ≥ 0.30 and ≥ 1.2×)`,
      `         ROUGE-2 ${fmt(mean(ours.map((s) => s.rouge2)))} (lead ${fmt(mean(lead.map((s) => s.rouge2)))}), ROUGE-L ${fmt(mean(ours.map((s) => s.rougeL)))} (lead ${fmt(mean(lead.map((s) => s.rougeL)))})`,
      `repeated sentences (within summaries and between summary and key points): ${repeats} (aim 0)`,
    );
    // The 4-hour meeting: the fixtures one after another until ~36,000 words.
    const long: SummaryLine[] = [];
    let words = 0;
    while (words < FOUR_HOURS_WORDS) {
      for (const meeting of meetings) for (const line of transcriptLines(meeting)) {
        long.push(line);
        words += line.text.split(/\s+/).length;
      }
    }
    const started = performance.now();
    const longResult = summarizeOffline(long, { language: 'en-US' });
    const elapsed = performance.now() - started;
    out.push(`4-hour transcript (${words.toLocaleString('en-US')} words, ${long.length} lines): ${(elapsed / 1000).toFixed(2)} s offline (aim < 2 s), summary ${rougeTokens(longResult.summary).length} words`);
    return out;
  },
};
