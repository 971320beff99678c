// The summary as a file (the Word template and its plain-text twin): the record's title, when it was
// made and in which language, the summary, its key points, the decisions and action items (with who
// stated them) and the keywords. Word is built with the same `docx` library as the transcript export.

export interface SummaryDocumentItem {
  text: string;
  speaker?: string | null | undefined;
}

export interface SummaryDocument {
  title: string;
  /** "Generated …", and the language line when known. */
  generatedLine: string;
  languageLine?: string | undefined;
  summaryHeading: string;
  summary: string;
  keyPointsHeading: string;
  keyPoints: string[];
  decisionsHeading?: string | undefined;
  decisions?: SummaryDocumentItem[] | undefined;
  actionItemsHeading?: string | undefined;
  actionItems?: SummaryDocumentItem[] | undefined;
  keywordsHeading?: string | undefined;
  keywords?: string[] | undefined;
  /** The service's remark (e.g. the offline summariser wrote it). */
  note?: string | null | undefined;
}

interface Section {
  heading: string;
  items: SummaryDocumentItem[];
}

/** The bulleted sections in reading order, empty ones left out. */
function sectionsOf(doc: SummaryDocument): Section[] {
  const sections: Section[] = [
    { heading: doc.keyPointsHeading, items: doc.keyPoints.map((text) => ({ text })) },
    { heading: doc.decisionsHeading ?? '', items: doc.decisions ?? [] },
    { heading: doc.actionItemsHeading ?? '', items: doc.actionItems ?? [] },
  ];
  return sections.filter((section) => section.heading && section.items.length > 0);
}

const bulletText = (item: SummaryDocumentItem) => (item.speaker ? `${item.speaker}: ${item.text}` : item.text);

export async function summaryDocx(doc: SummaryDocument): Promise<Buffer> {
  // Loaded on the first Word export rather than at server start.
  const { Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } = await import('docx');
  const muted = (text: string) => new Paragraph({ children: [new TextRun({ text, color: '666666' })] });
  const bullet = (item: SummaryDocumentItem) =>
    new Paragraph({
      numbering: { reference: 'key-points', level: 0 },
      children: item.speaker ? [new TextRun({ text: `${item.speaker}: `, bold: true }), new TextRun(item.text)] : [new TextRun(item.text)],
    });
  const document = new Document({
    title: doc.title,
    numbering: {
      config: [{ reference: 'key-points', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: 'left' }] }],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
          muted(doc.generatedLine),
          ...(doc.languageLine ? [muted(doc.languageLine)] : []),
          new Paragraph({ text: doc.summaryHeading, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: doc.summary }),
          ...sectionsOf(doc).flatMap((section) => [new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }), ...section.items.map(bullet)]),
          ...(doc.keywords?.length && doc.keywordsHeading
            ? [new Paragraph({ text: doc.keywordsHeading, heading: HeadingLevel.HEADING_1 }), new Paragraph({ text: doc.keywords.join(', ') })]
            : []),
          ...(doc.note ? [muted(doc.note)] : []),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The same document as plain text (UTF-8, CRLF-free), for readers without Word. */
export function summaryPlainText(doc: SummaryDocument): string {
  const blocks: string[] = [[doc.title, doc.generatedLine, doc.languageLine].filter(Boolean).join('\n')];
  blocks.push(`${doc.summaryHeading}\n\n${doc.summary}`);
  for (const section of sectionsOf(doc)) blocks.push(`${section.heading}\n\n${section.items.map((item) => `- ${bulletText(item)}`).join('\n')}`);
  if (doc.keywords?.length && doc.keywordsHeading) blocks.push(`${doc.keywordsHeading}\n\n${doc.keywords.join(', ')}`);
  if (doc.note) blocks.push(doc.note);
  return `${blocks.join('\n\n')}\n`;
}
