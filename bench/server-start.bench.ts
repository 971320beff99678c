// Server start to first response: Parley's full process (migrations, plugins, routes from the
// contract) against a bare Fastify process started the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';

const RUNS = 3;

async function timeToFirstResponse(entry: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/prod-api/system/getClientInfo`);
        return performance.now() - started;
      } catch {
        if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const serverStartBench = {
  title: 'server start to first response (median of 3)',
  async run(): Promise<string[]> {
    const parley: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
      try {
        parley.push(await timeToFirstResponse('server/src/server.ts', { DATA_DIR: dataDir, DEMO_ACCOUNT: 'off' }));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      baseline.push(await timeToFirstResponse('bench/support/bare-fastify.ts', {}));
    }
    const p = median(parley);
    const b = median(baseline);
    return [
      `parley:   ${p.toFixed(0)} ms`,
      `baseline: ${b.toFixed(0)} ms (bare Fastify under tsx)`,
      `ratio:    ${(p / b).toFixed(2)}x the baseline`,
    ];
  },
};
