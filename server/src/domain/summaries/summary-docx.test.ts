// The summary's files carry every part of it: summary, key points, decisions and action items with
// who stated them, keywords, the language line and the note; empty parts leave no empty heading.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { summaryDocx, summaryPlainText, type SummaryDocument } from './summary-docx';

const doc: SummaryDocument = {
  title: 'Office move',
  generatedLine: 'Generated 2026-11-28 07:00 UTC',
  languageLine: 'In English',
  summaryHeading: 'Summary',
  summary: 'The office moves in May. The budget covers two extra desks.',
  keyPointsHeading: 'Key points',
  keyPoints: ['Rent and furniture are in the budget.'],
  decisionsHeading: 'Decisions',
  decisions: [{ text: 'We move on 12 May.', speaker: 'Ann' }],
  actionItemsHeading: 'Action items',
  actionItems: [{ text: 'Bob orders the desks by Friday.', speaker: 'Bob' }, { text: 'Send questions to Ann.' }],
  keywordsHeading: 'Keywords',
  keywords: ['office', 'budget', 'desks'],
  note: 'Written by the offline summariser.',
};

async function wordText(body: Buffer): Promise<string> {
  const xml = await (await JSZip.loadAsync(body)).file('word/document.xml')!.async('string');
  return xml.replace(/<w:p[ >]/g, '\n$&').replace(/<[^>]+>/g, '');
}

describe('summary files', () => {
  it('writes every part into the Word file, speakers before their items', async () => {
    const text = await wordText(await summaryDocx(doc));
    for (const part of ['Office move', 'In English', 'The office moves in May.', 'Rent and furniture are in the budget.', 'Decisions', 'Ann: We move on 12 May.', 'Action items', 'Bob: Bob orders the desks by Friday.', 'Send questions to Ann.', 'Keywords', 'office, budget, desks', 'Written by the offline summariser.']) {
      expect(text).toContain(part);
    }
  });

  it('writes the same parts as plain text, in reading order', () => {
    const text = summaryPlainText(doc);
    const order = ['Office move', 'Summary', 'Key points', '- Rent and furniture', 'Decisions', '- Ann: We move on 12 May.', 'Action items', '- Bob: Bob orders', '- Send questions to Ann.', 'Keywords', 'office, budget, desks', 'Written by'];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('leaves out the headings of empty parts', async () => {
    const bare: SummaryDocument = { ...doc, keyPoints: [], decisions: [], actionItems: [], keywords: [], note: null, languageLine: undefined };
    const text = summaryPlainText(bare);
    expect(text).toBe('Office move\nGenerated 2026-11-28 07:00 UTC\n\nSummary\n\nThe office moves in May. The budget covers two extra desks.\n');
    const word = await wordText(await summaryDocx(bare));
    expect(word).not.toContain('Decisions');
    expect(word).not.toContain('Keywords');
  });
});
