// Builds ps-stream.c (the incremental pocketsphinx decoder) with the system C compiler against
// Debian's libpocketsphinx-dev, once per source/flags version, into node_modules/.cache. A helper
// process rather than a native addon: no node-gyp, no Node ABI to match on upgrade, and a crash in
// the decoder takes down one helper (restarted on demand), never the server.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { engineFailed } from '../engine-errors';
import { runProcess } from '../run-process';
import { projectPath } from '../../project-paths';

const SOURCE = projectPath('server', 'src', 'engines', 'pocketsphinx-stream', 'ps-stream.c');
const DEFAULT_CACHE_DIR = projectPath('node_modules', '.cache', 'parley-ps-stream');

let building: Promise<string> | null = null;

/** Path of the compiled helper; builds it when the source or the library flags changed. */
export function ensureHelperBinary(cacheDir = DEFAULT_CACHE_DIR): Promise<string> {
  building ??= build(cacheDir).catch((error: unknown) => {
    // A later call tries again (the packages may have been installed meanwhile).
    building = null;
    throw error;
  });
  return building;
}

async function build(cacheDir: string): Promise<string> {
  const source = await fs.readFile(SOURCE);
  const flags = await pkgConfigFlags();
  const version = createHash('sha256').update(source).update(flags.join(' ')).digest('hex').slice(0, 16);
  const binary = path.join(cacheDir, `ps-stream-${version}`);
  if (await isExecutable(binary)) return binary;
  await fs.mkdir(cacheDir, { recursive: true });
  // Compile beside the target and rename, so a concurrent server never runs a half-written file.
  const partial = `${binary}.${process.pid}.tmp`;
  try {
    await runProcess('cc', 'cc', ['-O2', '-o', partial, SOURCE, ...flags], { timeoutMs: 120_000 });
    await fs.rename(partial, binary);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  return binary;
}

async function pkgConfigFlags(): Promise<string[]> {
  try {
    const { stdout } = await runProcess('pkg-config', 'pkg-config', ['--cflags', '--libs', 'pocketsphinx'], { timeoutMs: 10_000 });
    return stdout.toString('utf8').trim().split(/\s+/).filter(Boolean);
  } catch (error) {
    throw engineFailed('pocketsphinx', 'libpocketsphinx-dev (pkg-config pocketsphinx) is missing; run scripts/ensure-system-packages.sh', undefined, error);
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
