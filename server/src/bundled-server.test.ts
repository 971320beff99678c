// `npm start` runs the server bundled by scripts/build-server.mjs (dist/server), not through tsx: the
// bundle is built here into its own folder and started as its own process, to prove what only a
// bundle can get wrong — files read from the checkout (the contract, locale texts, the decoder
// helper's source), packages resolved from node_modules, and the code split at dynamic imports.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, projectPath } from './project-paths';

const outdir = projectPath('node_modules', '.cache', `parley-server-bundle-test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bundle-'));
let child: ChildProcess;
let url = '';

function start(): Promise<string> {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_ACCOUNT: 'off', NODE_ENV: 'test', WEB_DIR: path.join(dataDir, 'no-web'), REDIS_URL: '', DATABASE_URL: '' };
  child = spawn(process.execPath, [path.join(outdir, 'server.js')], { cwd: os.tmpdir(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`bundled server did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/\S+?)\/?\s/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`bundled server exited (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  execFileSync(process.execPath, [projectPath('scripts', 'build-server.mjs'), outdir], { cwd: PROJECT_ROOT, stdio: 'pipe' });
  url = await start();
}, 120_000);

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server (npm start)', () => {
  it('is split at dynamic imports, so code used on first need is not loaded at start', () => {
    const chunks = fs.readdirSync(path.join(outdir, 'chunks'));
    expect(chunks.some((name) => name.startsWith('bullmq-queue-') && name.endsWith('.js'))).toBe(true);
    expect(fs.readFileSync(path.join(outdir, 'server.js'), 'utf8')).not.toMatch(/from "bullmq"/);
  });

  it('carries the spawner helper where the bundled spawner looks for it (beside server.js)', () => {
    expect(fs.readFileSync(path.join(outdir, 'server.js'), 'utf8')).toContain('./spawner-helper.mjs');
    expect(fs.readFileSync(path.join(outdir, 'spawner-helper.mjs'), 'utf8')).toContain("process.on('disconnect'");
  });

  it('started from another working folder, answers health with its engines ready', async () => {
    const health = (await (await fetch(`${url}/prod-api/health`)).json()) as { data: { status: string; database: { ready: boolean } } };
    expect(health.data.database.ready).toBe(true);
    expect(['ready', 'degraded']).toContain(health.data.status);
  });

  it('reads the locale texts from the checkout', async () => {
    const answer = (await (await fetch(`${url}/prod-api/system/getClientInfo`, { headers: { 'accept-language': 'zh-CN' } })).json()) as { code: number; msg: string };
    expect(answer).toEqual({ code: 401, msg: '请重新登录' });
  });

  it('builds its routes and request checks from the contract', async () => {
    const response = await fetch(`${url}/prod-api/auth/visitorlogin`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(response.status).toBe(415);
    const unknown = await fetch(`${url}/prod-api/no/such/operation`);
    expect(unknown.status).toBe(404);
  });
});
