// Reads the rows of one uploaded .xlsx safely (features §5 Excel import). The file is a zip: its
// content is checked (zip signature, the workbook parts), its size once inflated is capped while it
// is inflated (declared sizes first, then the real bytes: a zip bomb can lie in its headers), and only
// then does exceljs parse it. The first sheet's first row is the header. A formula reads as its
// cached result (what Excel showed) or, without one, is a per-row 'formula' problem; a cell inside a
// merged range reads the range's value, as it appears on screen.
import type ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { VOCABULARY_PAIRED, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import type { EntryProblem } from './entry-rules';
import type { SheetRow } from './import-plan';

/** Inflated size of all parts together: a 300-row sheet is a few hundred KB. */
export const XLSX_EXPANDED_MAX_BYTES = 20 * 1024 * 1024;
/** Parts in the zip (a workbook has a dozen or so). */
const ZIP_ENTRIES_MAX = 1_000;
/** Data rows read at most; far above every row cap, so the preview can still mark rows over the cap. */
export const SHEET_ROWS_MAX = 1_000;

export type SheetReadFailure = 'notXlsx' | 'expandsTooMuch' | 'noSheet' | 'tooManyRows';

export class SheetReadError extends Error {
  constructor(readonly reason: SheetReadFailure) {
    super(reason);
    this.name = 'SheetReadError';
  }
}

const ZIP_SIGNATURE = 0x04034b50;

interface JSZipStream {
  on(event: 'data', fn: (chunk: Uint8Array) => void): JSZipStream;
  on(event: 'error', fn: (error: unknown) => void): JSZipStream;
  on(event: 'end', fn: () => void): JSZipStream;
  resume(): JSZipStream;
  pause(): JSZipStream;
}

/** Inflates one part, counting bytes against what is left of the budget; stops as soon as it runs out. */
function inflateCounted(file: JSZip.JSZipObject, budget: { left: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = (file as unknown as { internalStream(type: 'uint8array'): JSZipStream }).internalStream('uint8array');
    let stopped = false;
    stream
      .on('data', (chunk) => {
        budget.left -= chunk.length;
        if (budget.left < 0 && !stopped) {
          stopped = true;
          stream.pause();
          reject(new SheetReadError('expandsTooMuch'));
        }
      })
      .on('error', () => {
        if (!stopped) reject(new SheetReadError('notXlsx'));
      })
      .on('end', () => resolve());
    stream.resume();
  });
}

export async function checkXlsxContainer(buffer: Buffer): Promise<void> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== ZIP_SIGNATURE) throw new SheetReadError('notXlsx');
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buffer, { checkCRC32: false });
  } catch {
    throw new SheetReadError('notXlsx');
  }
  const parts = Object.values(zip.files).filter((f) => !f.dir);
  if (!zip.file('[Content_Types].xml') || !zip.file('xl/workbook.xml')) throw new SheetReadError('notXlsx');
  if (parts.length > ZIP_ENTRIES_MAX) throw new SheetReadError('expandsTooMuch');
  const declared = parts.reduce((sum, f) => sum + Number((f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);
  if (declared > XLSX_EXPANDED_MAX_BYTES) throw new SheetReadError('expandsTooMuch');
  const budget = { left: XLSX_EXPANDED_MAX_BYTES };
  for (const part of parts) await inflateCounted(part, budget);
}

type CellRead = { text: string | null; problem?: EntryProblem };

function cellText(value: ExcelJS.CellValue): CellRead {
  if (value === null || value === undefined) return { text: null };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10) };
  if (typeof value !== 'object') return { text: null };
  if ('richText' in value) return { text: value.richText.map((run) => run.text).join('') };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || (typeof result === 'object' && !(result instanceof Date) && 'error' in result)) return { text: null, problem: 'formula' };
    return cellText(result as ExcelJS.CellValue);
  }
  if ('error' in value) return { text: null, problem: 'formula' };
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  return { text: null };
}

/** The data rows of the first sheet (row 1 is the header); wholly empty rows are skipped. */
export async function readSheetRows(buffer: Buffer, kind: VocabularyKindName): Promise<SheetRow[]> {
  await checkXlsxContainer(buffer);
  // Loaded on first use, not at server start (bench/server-start.bench.ts); server.ts fetches it once listening.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new SheetReadError('notXlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetReadError('noSheet');
  if (sheet.rowCount - 1 > SHEET_ROWS_MAX) throw new SheetReadError('tooManyRows');
  const paired = VOCABULARY_PAIRED[kind];
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const source = cellText(row.getCell(1).value);
    const target = paired ? cellText(row.getCell(2).value) : { text: null };
    const readProblems = [source.problem, target.problem].filter((p): p is EntryProblem => p !== undefined);
    const empty = (t: string | null) => t === null || t.trim() === '';
    if (empty(source.text) && empty(target.text) && readProblems.length === 0) continue;
    rows.push({ row: r, source: source.text, target: target.text, readProblems: [...new Set(readProblems)] });
  }
  return rows;
}
