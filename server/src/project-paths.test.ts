import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProjectRoot, PROJECT_ROOT, projectPath } from './project-paths';

describe('project paths', () => {
  it('finds the checkout from any folder below it, as the bundle in dist/server does', () => {
    expect(findProjectRoot(path.join(PROJECT_ROOT, 'dist', 'server', 'chunks'))).toBe(PROJECT_ROOT);
    expect(fs.existsSync(projectPath('openapi', 'openapi.yaml'))).toBe(true);
    expect(fs.existsSync(projectPath('server', 'src', 'engines', 'pocketsphinx-stream', 'ps-stream.c'))).toBe(true);
  });

  it('says which file it looked for when started outside a checkout', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-outside-'));
    try {
      expect(() => findProjectRoot(outside)).toThrow(/openapi\/openapi\.yaml/);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
