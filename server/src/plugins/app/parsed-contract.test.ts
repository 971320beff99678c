// The parsed contract's disk cache: what is read back is what the YAML says, an edited text is
// parsed again, and a cache that cannot be written still answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_FILE } from './openapi-routes';
import { parsedContract } from './parsed-contract';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-contract-cache-'));
  dirs.push(dir);
  return dir;
};
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

describe('parsed contract', () => {
  it('the real contract read back from the cache equals the YAML parsed', () => {
    const text = fs.readFileSync(CONTRACT_FILE, 'utf8');
    const dir = tempDir();
    // A text of its own (the in-memory copy is keyed by text): the first call parses and writes.
    const edited = `${text}\n# cache test ${Date.now()}\n`;
    parsedContract(edited, dir);
    const cached = JSON.parse(fs.readFileSync(path.join(dir, `${hashOf(edited)}.json`), 'utf8')) as unknown;
    expect(cached).toEqual(parse(text));
  });

  it('reads a later start from the file of its hash, and parses an edited text again', () => {
    const dir = tempDir();
    const text = `openapi: 3.0.3\ninfo: {title: t, version: '${Math.random()}'}\npaths: {}\n`;
    // What a previous start wrote (marked, to show it is this file that is read).
    fs.writeFileSync(path.join(dir, `${hashOf(text)}.json`), JSON.stringify({ from: 'disk' }));
    expect(parsedContract(text, dir)).toEqual({ from: 'disk' });
    const edited = text.replace('paths: {}', 'paths: {/a: {}}');
    expect(parsedContract(edited, dir)).toMatchObject({ paths: { '/a': {} } });
    expect(fs.existsSync(path.join(dir, `${hashOf(edited)}.json`))).toBe(true);
  });

  it('answers when the cache cannot be written', () => {
    const dir = tempDir();
    const blocked = path.join(dir, 'a-file');
    fs.writeFileSync(blocked, '');
    const text = `openapi: 3.0.3\ninfo: {title: t, version: '${Math.random()}'}\npaths: {}\n`;
    expect(parsedContract(text, blocked)).toMatchObject({ openapi: '3.0.3' });
  });
});
