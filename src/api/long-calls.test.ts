// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LONG_CALLS, isLongCall } from './long-calls';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

type Operation = { 'x-parley-timeout'?: string };
type Contract = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

const contract = parse(
  readFileSync(fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url)), 'utf8'),
) as Contract;

function contractOperations() {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

const key = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

describe('long calls', () => {
  it('lists every operation the contract marks x-parley-timeout: long', () => {
    const marked = contractOperations()
      .filter((op) => op.operation['x-parley-timeout'] === 'long')
      .map(key)
      .sort();
    const listed = LONG_CALLS.map(key).sort();
    expect({
      listedButNotMarked: listed.filter((entry) => !marked.includes(entry)),
      markedButNotListed: marked.filter((entry) => !listed.includes(entry)),
    }).toEqual({ listedButNotMarked: [], markedButNotListed: [] });
    expect(marked.length).toBeGreaterThan(0);
  });

  it('recognises a listed call by method and contract path, case-insensitively on the method', () => {
    expect(isLongCall('POST', '/speech/audio/transcribe/transwrite')).toBe(true);
    expect(isLongCall('GET', '/speech/audio/transcribe/transwrite')).toBe(false);
    expect(isLongCall('POST', '/auth/c/doLogin')).toBe(false);
  });
});
