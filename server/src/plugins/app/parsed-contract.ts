// openapi/openapi.yaml parsed, kept in memory and on disk by the hash of its text. Parsing the
// ~4,000-line YAML took about a second of every server start (bench/server-start.bench.ts; the
// same object read back as JSON takes milliseconds), and the server tests build dozens of apps per
// process. An edited contract has another hash, so it is parsed again; a cache that cannot be
// written (read-only install) only costs the parse.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { projectPath } from '../../project-paths';

export const CONTRACT_CACHE_DIR = projectPath('node_modules', '.cache', 'parley-contract');

const inMemory = new Map<string, unknown>();

function fromDisk(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function toDisk(file: string, parsed: unknown): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a start running alongside never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, JSON.stringify(parsed));
    fs.renameSync(partial, file);
  } catch {
    // Not writable here: the next start parses again.
  }
}

/** The contract text parsed; callers get the shared object and must copy it before changing it. */
export function parsedContract(text: string, cacheDir = CONTRACT_CACHE_DIR): unknown {
  const key = createHash('sha256').update(text).digest('hex');
  let parsed = inMemory.get(key);
  if (parsed !== undefined) return parsed;
  const file = path.join(cacheDir, `${key}.json`);
  parsed = fromDisk(file);
  if (parsed === undefined) {
    parsed = parse(text) as unknown;
    toDisk(file, parsed);
  }
  inMemory.set(key, parsed);
  return parsed;
}
