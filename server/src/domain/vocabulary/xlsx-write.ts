// The import template of each kind and a library's export, in one layout: one sheet, the header row
// (translated), then one entry per row: column A the word / original / before, column B the
// translation / after for the paired kinds. Entries are written as text cells, never as formulas.
import type ExcelJS from 'exceljs';
import { VOCABULARY_PAIRED, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { vocabularyKindKeys } from '../../../../src/shared/contract/vocabulary-kinds';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Translate = (key: string) => string;

export function headersOf(kind: VocabularyKindName, t: Translate): string[] {
  const keys = vocabularyKindKeys(kind);
  const headers = [t(keys.source)];
  if (VOCABULARY_PAIRED[kind]) headers.push(t(keys.target));
  return headers;
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ . */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet1';
}

export async function vocabularyWorkbook(
  kind: VocabularyKindName,
  t: Translate,
  entries: ReadonlyArray<{ source: string; target: string | null }> = [],
): Promise<Buffer> {
  // Loaded on first use, not at server start (bench/server-start.bench.ts); server.ts fetches it once listening.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Parley';
  const sheet = workbook.addWorksheet(sheetName(t(vocabularyKindKeys(kind).inText)));
  const headers = headersOf(kind, t);
  sheet.columns = headers.map((header) => ({ header, width: 40 }));
  sheet.getRow(1).font = { bold: true };
  for (const entry of entries) sheet.addRow(VOCABULARY_PAIRED[kind] ? [entry.source, entry.target ?? ''] : [entry.source]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
