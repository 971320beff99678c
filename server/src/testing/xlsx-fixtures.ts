// Excel files the tests build with exceljs (and JSZip for the malformed ones): a good sheet, any
// number of rows, formulas and merged cells, a file over 5 MB, and a small file that inflates past the cap.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

export async function sheetFile(rows: ReadonlyArray<ReadonlyArray<ExcelJS.CellValue>>, build?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  build?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const wordsFile = (words: readonly string[], header = 'Word') => sheetFile([[header], ...words.map((w) => [w])]);

export const pairsFile = (pairs: ReadonlyArray<readonly [string, string]>, header: [string, string] = ['Original', 'Translation']) => sheetFile([header, ...pairs.map((p) => [...p])]);

/** A real workbook with an extra part added to the zip (stored or deflated). */
async function withExtraPart(base: Buffer, name: string, bytes: Buffer, compression: 'STORE' | 'DEFLATE'): Promise<Buffer> {
  const zip = await JSZip.loadAsync(base);
  zip.file(name, bytes, { compression, compressionOptions: { level: 9 } });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Over 5 MB on disk: incompressible bytes stored beside the sheet. */
export async function largeFile(megabytes = 6): Promise<Buffer> {
  return withExtraPart(await wordsFile(['Parley']), 'xl/media/image1.bin', randomBytes(megabytes * 1024 * 1024), 'STORE');
}

/** A few hundred KB that inflates to `megabytes` of zeros. */
export async function zipBombFile(megabytes = 64): Promise<Buffer> {
  return withExtraPart(await wordsFile(['Parley']), 'xl/media/image1.bin', Buffer.alloc(megabytes * 1024 * 1024), 'DEFLATE');
}

/** The zip bomb with its headers lying: the bomb part claims to inflate to 100 bytes. */
export async function lyingZipBombFile(megabytes = 64): Promise<Buffer> {
  const file = Buffer.from(await zipBombFile(megabytes));
  const name = Buffer.from('xl/media/image1.bin');
  for (let at = 0; at < file.length - 46; at++) {
    const signature = file.readUInt32LE(at);
    if (signature === 0x04034b50 && file.subarray(at + 30, at + 30 + name.length).equals(name)) file.writeUInt32LE(100, at + 22);
    if (signature === 0x02014b50 && file.subarray(at + 46, at + 46 + name.length).equals(name)) file.writeUInt32LE(100, at + 24);
  }
  return file;
}
