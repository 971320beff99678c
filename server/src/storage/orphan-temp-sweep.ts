// Start-up sweep of orphan `.tmp` files: a block or chunk is written beside its target and renamed
// when whole, so a server killed mid-write leaves `<name>.<random>.tmp` behind that nothing owns or
// ever reads again. Only files unchanged for ORPHAN_TEMP_AGE_MS go: a write under way (here or on an
// instance sharing the folder) keeps changing its file, so a live one is never that old.
import fsp from 'node:fs/promises';
import path from 'node:path';

export const ORPHAN_TEMP_AGE_MS = 60 * 60 * 1000;

/** Deletes `.tmp` files under `roots` (recursively) last changed before `now - olderThanMs`; answers their paths. */
export async function sweepOrphanTempFiles(roots: string[], now: Date, olderThanMs = ORPHAN_TEMP_AGE_MS): Promise<string[]> {
  const cutoff = now.getTime() - olderThanMs;
  const removed: string[] = [];
  for (const root of roots) {
    const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat || stat.mtimeMs > cutoff) continue;
      await fsp.rm(file, { force: true });
      removed.push(file);
    }
  }
  return removed;
}
