// Bundles the server for `npm start` (issue 27: "a server start that is not dominated by work it
// could do later"). Under tsx every start resolved, loaded and transformed ~400 TypeScript files
// through its loader hooks — more CPU than anything the server itself does before it listens. The
// bundle is plain JavaScript in a few files: packages stay in node_modules (native modules, and
// resolution as in development), and code split at each `await import()` so what the server loads
// on first use (job queues on Redis, Azure storage, exports) still loads only then.
// Development and the tests keep running the TypeScript through tsx.
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist/server');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { server: 'server/src/server.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Linked maps: `NODE_OPTIONS=--enable-source-maps` turns stack traces back into server/src lines.
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
// The spawner's helper runs as its own plain-JavaScript process (server/src/engines/spawner/spawner.ts
// finds it beside the bundle).
copyFileSync(path.join(root, 'server/src/engines/spawner/spawner-helper.mjs'), path.join(outdir, 'spawner-helper.mjs'));
console.log(`server bundled into ${path.relative(root, outdir)}/server.js`);
