// Orphan `.tmp` files (a server killed mid-block) are removed when the app starts; fresh ones (a write
// that may be under way) and every other file stay.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sqliteTestConfig, tempDataDir } from '../testing/test-config';

const dataDir = tempDataDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function place(relative: string, ageMs: number): string {
  const file = path.join(dataDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'half a block');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
  return file;
}

describe('orphan .tmp sweep at start', () => {
  it('removes old .tmp files in the media and blob folders and keeps fresh ones and real files', async () => {
    const hours = 60 * 60 * 1000;
    const oldStaging = place('media/staging/abc.part.1a2b3c.tmp', 3 * hours);
    const oldBlock = place('blob/dubbing/u1/v1/staged/626c6f636b.9f8e7d.tmp', 2 * hours);
    const fresh = place('blob/dubbing/u1/v1/staged/6f74686572.123456.tmp', 60 * 1000);
    const part = place('media/staging/def.part', 3 * hours);
    const object = place('media/objects/u1/file.wav', 3 * hours);
    const app = await buildApp(sqliteTestConfig({ dataDir }));
    await app.close();
    expect([oldStaging, oldBlock].filter((file) => fs.existsSync(file))).toEqual([]);
    expect([fresh, part, object].every((file) => fs.existsSync(file))).toBe(true);
  });
});
