import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenForApertium, fromApertiumStream, toApertiumStream } from './apertium-stream-format';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apertium-format-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What apertium itself does with a one-line file, the reference the pipeline must match. */
function destxt(text: string): string {
  const file = path.join(dir, 'in.txt');
  fs.writeFileSync(file, `${text}\n`);
  return execFileSync('apertium-destxt', [file], { encoding: 'utf8' });
}
const retxt = (stream: string) => execFileSync('apertium-retxt', { input: stream, encoding: 'utf8' });

const samples = [
  'The cat is black.',
  'Hello',
  'a~b',
  '~a and b~',
  'a ~b~ c',
  '~',
  'x ~ ~ y',
  `every ASCII mark !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~ here`,
  'caret ^word$ and ^a<n>$ stay text',
  'slash a/b back\\slash at@home {brace} [bracket]',
  '你好，世界。 mixed 中文 text',
  'ends with a backslash \\',
];

describe('apertium stream format', () => {
  it.each(samples)('deformats %j exactly as apertium-destxt', (text) => {
    expect(toApertiumStream(flattenForApertium(text))).toBe(destxt(text));
  });

  it.each(samples)('reformats the deformatted %j back to the text, as apertium-retxt does', (text) => {
    const stream = toApertiumStream(flattenForApertium(text));
    expect(fromApertiumStream(stream)).toBe(retxt(stream));
    expect(fromApertiumStream(stream).trim()).toBe(text);
  });

  it('reformats markup the pipeline may answer with as apertium-retxt does', () => {
    for (const stream of ['a.[]b', 'a[x\\]y]b', 'a\\qb', 'a\\.[]b', 'x..[][\n]', 'a[[w]]b[[/]]', '#unknown a\\@b']) {
      expect(fromApertiumStream(stream)).toBe(retxt(stream));
    }
  });

  it('flattens newlines, tabs, NUL and other control characters to single spaces', () => {
    expect(flattenForApertium('  one\ntwo\r\n\tthree\0four\u0001five\u007f  ')).toBe('one two three four five');
    expect(toApertiumStream(flattenForApertium('a\0b'))).not.toContain('\0');
  });
});
