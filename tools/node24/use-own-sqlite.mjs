// Loaded with --import under Node 24 (scripts/node24.mjs sets NODE_OPTIONS): better-sqlite3 is the one
// native module compiled against a single Node ABI, and the shared node_modules holds the build for the
// machine's Node. Every resolution that lands in that copy is sent to this folder's copy, rebuilt for
// Node 24, so product and tests import 'better-sqlite3' unchanged. (@node-rs/argon2 and msgpackr-extract
// use N-API, which every Node version loads.)
import { registerHooks } from 'node:module';

const OWN = new URL('./node_modules/better-sqlite3/', import.meta.url).href;
const SHARED = /\/node_modules\/better-sqlite3\//;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const match = SHARED.exec(resolved.url);
    if (!match || resolved.url.startsWith(OWN)) return resolved;
    return { ...resolved, url: OWN + resolved.url.slice(match.index + match[0].length) };
  },
});
