// Server start to first response: Parley's full process (migrations, plugins, routes from the
// contract) as `npm start` runs it (bundled by scripts/build-server.mjs), against a bare Fastify
// process bundled and started the same way; and Parley through tsx (development, tests) beside it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectPath } from '../server/src/project-paths';
import { freePort } from './support/free-port';

const RUNS = 3;

const BUNDLES = projectPath('node_modules', '.cache', 'parley-start-bench');

/** Wall time to the first answer, and the process's CPU time by then (less disturbed by load). */
async function timeToFirstResponse(args: string[], env: Record<string, string>): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/prod-api/system/getClientInfo`);
        return { wall: performance.now() - started, cpu: processCpuMs(child.pid!) };
      } catch {
        if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/** utime + stime of a running process, from /proc (Linux). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

async function bundleBoth(): Promise<{ parley: string; bare: string }> {
  execFileSync(process.execPath, [projectPath('scripts', 'build-server.mjs'), join(BUNDLES, 'parley')], { stdio: 'pipe' });
  await build({ entryPoints: [projectPath('bench', 'support', 'bare-fastify.ts')], outfile: join(BUNDLES, 'bare', 'bare-fastify.js'), bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'warning' });
  return { parley: join(BUNDLES, 'parley', 'server.js'), bare: join(BUNDLES, 'bare', 'bare-fastify.js') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (runs: Array<{ wall: number; cpu: number }>) => `${median(runs.map((r) => r.wall)).toFixed(0)} ms (CPU ${median(runs.map((r) => r.cpu)).toFixed(0)} ms)`;

export const serverStartBench = {
  title: 'server start to first response (median of 3): npm start\'s bundle, bare Fastify bundled the same way, and tsx',
  async run(): Promise<string[]> {
    const bundles = await bundleBoth();
    const runs = { parley: [] as Array<{ wall: number; cpu: number }>, bare: [] as Array<{ wall: number; cpu: number }>, tsx: [] as Array<{ wall: number; cpu: number }> };
    // A fresh data folder each time: the first start of an installation, migrations included.
    const withFreshData = async (args: string[]) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
      try {
        return await timeToFirstResponse(args, { DATA_DIR: dataDir, DEMO_ACCOUNT: 'off' });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    for (let i = 0; i < RUNS; i++) {
      runs.parley.push(await withFreshData([bundles.parley]));
      runs.bare.push(await timeToFirstResponse([bundles.bare], {}));
      runs.tsx.push(await withFreshData(['--import', 'tsx', 'server/src/server.ts']));
    }
    const ratio = (of: 'parley' | 'tsx', by: 'wall' | 'cpu') => (median(runs[of].map((r) => r[by])) / median(runs.bare.map((r) => r[by]))).toFixed(2);
    return [
      `parley (npm start, bundled): ${show(runs.parley)}`,
      `baseline (bare Fastify, bundled): ${show(runs.bare)}`,
      `parley through tsx (development, tests): ${show(runs.tsx)}`,
      `ratio:    ${ratio('parley', 'wall')}x the baseline (CPU ${ratio('parley', 'cpu')}x); through tsx ${ratio('tsx', 'wall')}x (CPU ${ratio('tsx', 'cpu')}x)`,
    ];
  },
};
