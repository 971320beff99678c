// The size check of the rules suite: files over 400 lines, functions over 150 (of every kind, named as
// a reader would), and the allow-list that may only shrink.
import { describe, expect, it } from 'vitest';
import { compareWithAllowlist, isMeasured, offendersIn, type Offender } from './check-source-size';

const lines = (count: number, text = 'x;') => Array.from({ length: count }, () => text).join('\n') + '\n';
/** A function whose declaration spans `total` lines (first and last line included). */
const body = (total: number) => lines(total - 2, '  work();');

describe('offendersIn', () => {
  it('reports a file over 400 lines, not one of exactly 400', () => {
    expect(offendersIn('src/a.ts', lines(400))).toEqual([]);
    expect(offendersIn('src/a.ts', lines(401))).toEqual([{ key: 'src/a.ts', file: 'src/a.ts', line: 1, lines: 401, kind: 'file' }]);
  });

  it('reports a function over 150 lines with the line it starts on, not one of exactly 150', () => {
    const text = `// header\nexport function small() {\n${body(150)}}\n\nexport function big() {\n${body(151)}}\n`;
    expect(offendersIn('src/b.ts', text)).toEqual([{ key: 'src/b.ts > big', file: 'src/b.ts', line: 153, lines: 151, kind: 'function' }]);
  });

  it('names arrows, methods and callbacks as a reader would', () => {
    const text = [
      `const arrow = () => {\n${body(151)}};`,
      `class Lane {\n  draw() {\n${body(151)}  }\n}`,
      `export default function () {\n${body(151)}}`,
      `useEffect(() => {\n${body(151)}});`,
      `const machine = { actions: { save: function () {\n${body(151)}} } };`,
    ].join('\n');
    expect(offendersIn('src/c.tsx', text).map((offender) => offender.key)).toEqual([
      'src/c.tsx',
      'src/c.tsx > arrow',
      'src/c.tsx > draw',
      'src/c.tsx > default',
      'src/c.tsx > useEffect(…)',
      'src/c.tsx > save',
    ]);
  });

  it('does not count code inside strings or comments', () => {
    const text = `const sql = \`\n${lines(160, 'function x() {}')}\`;\n/*\n${lines(10)}*/\n`;
    expect(offendersIn('src/d.ts', text)).toEqual([]);
  });
});

describe('isMeasured', () => {
  it('skips tests, the generated schema and migrations', () => {
    expect(isMeasured('src/machines/records/recordList.machine.ts')).toBe(true);
    expect(isMeasured('src/ui/records/RecordListView.tsx')).toBe(true);
    expect(isMeasured('src/machines/records/recordList.machine.test.ts')).toBe(false);
    expect(isMeasured('src/ui/records/RecordListView.test.tsx')).toBe(false);
    expect(isMeasured('src/api/schema.d.ts')).toBe(false);
    expect(isMeasured('server/src/db/migrations/0009_search.ts')).toBe(false);
    expect(isMeasured('src/i18n/locales/en-US/records.json')).toBe(false);
  });
});

describe('compareWithAllowlist', () => {
  const offender = (key: string): Offender => ({ key, file: key.split(' > ')[0]!, line: 1, lines: 500, kind: key.includes(' > ') ? 'function' : 'file' });

  it('passes when every offender is listed and every listed entry still offends', () => {
    expect(compareWithAllowlist([offender('src/a.ts'), offender('src/b.ts > big')], { files: ['src/a.ts'], functions: ['src/b.ts > big'] })).toEqual({
      unexpected: [],
      stale: [],
    });
  });

  it('fails on a new offender and on an entry that no longer offends, so the list only shrinks', () => {
    const result = compareWithAllowlist([offender('src/new.ts')], { files: ['src/cut.ts'], functions: ['src/b.ts > big'] });
    expect(result.unexpected.map((entry) => entry.key)).toEqual(['src/new.ts']);
    expect(result.stale).toEqual(['src/b.ts > big', 'src/cut.ts']);
  });
});
