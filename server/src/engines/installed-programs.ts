// Whether a Debian program an embedded engine runs is on PATH. Looked up on every call rather than
// once at start: installing the packages while the server runs (npm start as root, or an operator's
// apt-get) makes the engine ready without a restart.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Absolute path of `program` on PATH, or null when no directory of PATH holds it executable. */
export function findProgram(program: string, pathEnv: string | undefined = process.env.PATH): string | null {
  for (const dir of (pathEnv ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** The programs of `programs` that are not installed, in the order given. */
export function missingPrograms(programs: readonly string[], pathEnv?: string): string[] {
  return programs.filter((program) => findProgram(program, pathEnv) === null);
}
