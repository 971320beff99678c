// Engines hand files to programs; each call gets its own directory, removed even on failure, so
// concurrent jobs never collide and a cancelled job leaves nothing behind in /tmp.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `parley-${prefix}-`));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
