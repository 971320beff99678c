// Files the server reads from the checkout (the contract, locale texts, the decoder helper's C
// source, caches under node_modules/.cache), found from the project's root rather than from the
// reading module's own place: the same code runs from server/src under tsx (tests, development)
// and bundled into dist/server (npm start), where `new URL('../../..', import.meta.url)` would
// point elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `from` that holds the contract: the project's root. */
export function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'openapi', 'openapi.yaml')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Parley's project folder (with openapi/openapi.yaml) was not found above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** An absolute path inside the project, from segments relative to its root. */
export const projectPath = (...segments: string[]): string => path.join(PROJECT_ROOT, ...segments);
