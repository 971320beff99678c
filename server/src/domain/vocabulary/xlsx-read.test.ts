// The Excel reader on files made here: header skipped, formulas by their cached result (or a
// 'formula' problem), merged cells read as shown, and the container checks refusing non-workbooks
// and zip bombs before exceljs parses anything.
import { describe, expect, it } from 'vitest';
import { largeFile, lyingZipBombFile, pairsFile, sheetFile, wordsFile, zipBombFile } from '../../testing/xlsx-fixtures';
import { readSheetRows, SheetReadError, SHEET_ROWS_MAX } from './xlsx-read';
import { vocabularyWorkbook } from './xlsx-write';

const reason = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'read';
  } catch (error) {
    return error instanceof SheetReadError ? error.reason : `other: ${String(error)}`;
  }
};

describe('readSheetRows', () => {
  it('reads the data rows of the first sheet, skipping the header and empty rows', async () => {
    const file = await sheetFile([['Word'], ['Parley'], [null], ['  '], [42], ['<b>bold</b>']]);
    expect(await readSheetRows(file, 'properWords')).toEqual([
      { row: 2, source: 'Parley', target: null, readProblems: [] },
      { row: 5, source: '42', target: null, readProblems: [] },
      { row: 6, source: '<b>bold</b>', target: null, readProblems: [] },
    ]);
    const pairs = await readSheetRows(await pairsFile([['colour', 'color'], ['grey', '']]), 'translationTerms');
    expect(pairs.map((r) => [r.source, r.target])).toEqual([['colour', 'color'], ['grey', '']]);
  });

  it('takes a formula’s cached result, flags one without, and reads merged cells as shown', async () => {
    const file = await sheetFile([['Original', 'Translation']], (sheet) => {
      sheet.getCell('A2').value = { formula: 'CONCATENATE("Par","ley")', result: 'Parley' } as never;
      sheet.getCell('B2').value = 'Parley';
      sheet.getCell('A3').value = { formula: 'A2&"x"' } as never;
      sheet.getCell('B3').value = 'y';
      sheet.getCell('A4').value = 'grey';
      sheet.getCell('A5').value = 'gray';
      sheet.getCell('B4').value = 'gris';
      sheet.mergeCells('B4:B5');
      sheet.getCell('A6').value = { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] };
      sheet.getCell('B6').value = { text: 'link', hyperlink: 'https://example.com' };
    });
    const rows = await readSheetRows(file, 'translationTerms');
    expect(rows).toEqual([
      { row: 2, source: 'Parley', target: 'Parley', readProblems: [] },
      { row: 3, source: null, target: 'y', readProblems: ['formula'] },
      { row: 4, source: 'grey', target: 'gris', readProblems: [] },
      { row: 5, source: 'gray', target: 'gris', readProblems: [] },
      { row: 6, source: 'rich text', target: 'link', readProblems: [] },
    ]);
  });

  it('refuses what is not a workbook, a zip bomb and a sheet past the row ceiling', async () => {
    expect(await reason(readSheetRows(Buffer.from('word\nParley\n'), 'properWords'))).toBe('notXlsx');
    expect(await reason(readSheetRows(Buffer.from('PK\u0003\u0004 not really a zip'), 'properWords'))).toBe('notXlsx');
    const JSZip = (await import('jszip')).default;
    const plainZip = new JSZip();
    plainZip.file('readme.txt', 'hello');
    expect(await reason(readSheetRows(await plainZip.generateAsync({ type: 'nodebuffer' }), 'properWords'))).toBe('notXlsx');
    const bomb = await zipBombFile(40);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await reason(readSheetRows(bomb, 'properWords'))).toBe('expandsTooMuch');
    // Headers that understate the size are caught while inflating, long before 40 MB is produced.
    expect(await reason(readSheetRows(await lyingZipBombFile(40), 'properWords'))).toBe('expandsTooMuch');
    const many = await wordsFile(Array.from({ length: SHEET_ROWS_MAX + 1 }, (_, i) => `w${i}`));
    expect(await reason(readSheetRows(many, 'properWords'))).toBe('tooManyRows');
    const large = await largeFile(6);
    expect(large.length).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('reads back what the export writes, as text (a leading = is no formula)', async () => {
    const t = (key: string) => ({ 'vocabularyServer:headers.before': 'Before', 'vocabularyServer:headers.after': 'After' })[key] ?? key;
    const file = await vocabularyWorkbook('wordReplacement', t, [{ source: '=1+1', target: 'two' }, { source: 'gonna', target: 'going to' }]);
    expect(await readSheetRows(file, 'wordReplacement')).toEqual([
      { row: 2, source: '=1+1', target: 'two', readProblems: [] },
      { row: 3, source: 'gonna', target: 'going to', readProblems: [] },
    ]);
  });
});
