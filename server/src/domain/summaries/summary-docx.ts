// The summary template download: a real Word file with the record's title, the summary and its key
// points (a bulleted list), built with the same `docx` library as the transcript export.
import { Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from 'docx';

export interface SummaryDocument {
  title: string;
  summaryHeading: string;
  summary: string;
  keyPointsHeading: string;
  keyPoints: string[];
  generatedLine: string;
}

export async function summaryDocx(doc: SummaryDocument): Promise<Buffer> {
  const document = new Document({
    title: doc.title,
    numbering: {
      config: [{ reference: 'key-points', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•', alignment: 'left' }] }],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: doc.generatedLine, color: '666666' })] }),
          new Paragraph({ text: doc.summaryHeading, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: doc.summary }),
          new Paragraph({ text: doc.keyPointsHeading, heading: HeadingLevel.HEADING_1 }),
          ...doc.keyPoints.map((point) => new Paragraph({ text: point, numbering: { reference: 'key-points', level: 0 } })),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
