// The scale-out deployment as an operator runs it (issue 28 §5): N `server.ts` processes, each with
// its own data folder, on one PostgreSQL database (a fresh one per rig), one Redis (a logical
// database of its own, so its job queue is the rig's alone) and Azurite, behind HAProxy from Debian
// (round robin, no stickiness, health checks on /prod-api/health, a request to a dead instance sent
// to the next). Started and stopped from the test or bench that uses it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startAzurite, type RunningAzurite } from './azurite';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from './test-config';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const RIG_DEMO_PASSWORD = 'RigDemo2026pass';

export interface RigInstance {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far (a bench reads LIVE_FANOUT_TIMING lines in it). */
  output(): string;
}

export interface ScaleOutRig {
  /** The balancer's address: every journey goes through it. */
  url: string;
  /** The HAProxy process (a bench reads its CPU time). */
  balancerPid: number | undefined;
  instances: RigInstance[];
  databaseUrl: string;
  /** The rig's own Redis database (BullMQ's keys under the default prefix `parley`). */
  redisUrl: string;
  /** The shared media store (Azurite) the instances use. */
  azureConnectionString: string;
  /** SIGKILL of one instance (no shutdown hook runs), as a crashed machine. */
  kill(index: number): Promise<void>;
  stop(): Promise<void>;
}

export function haproxyMissing(): string | null {
  const found = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
  return found.error || found.status !== 0 ? 'scale-out rig skipped: haproxy is not installed (scripts/ensure-system-packages.sh all)' : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Every child is listed in `spawned` at once, so a failed start still stops the ones already running. */
function startInstance(env: NodeJS.ProcessEnv, dataDir: string, port: number, spawned: ChildProcess[]): Promise<RigInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: path.join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${output}`)), 300_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // Looked for until found only: later output (timing lines) is kept, not searched again and again.
      if (!started && /running at http/.test(output)) {
        started = true;
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, child, dataDir, output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`instance exited (${code}): ${output.slice(-2000)}`)));
  });
}

function haproxyConfig(port: number, instances: RigInstance[]): string {
  return [
    'global',
    '  maxconn 8192',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 300s',
    '  timeout server 300s',
    '  timeout tunnel 300s',
    // Generous: on a loaded 2-core machine a health answer can take a second; a slow one is not a dead one.
    '  timeout check 5s',
    // A connection refused by a dead instance is tried again on another one.
    '  retries 3',
    '  option redispatch 1',
    'frontend parley',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /prod-api/health',
    '  default-server inter 1s fall 3 rise 1',
    ...instances.map((instance, i) => `  server s${i + 1} ${instance.url.replace('http://', '')} check`),
    '',
  ].join('\n');
}

async function waitForBalancer(url: string, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/prod-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the balancer did not answer in time');
}

const kill9 = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

export async function startScaleOutRig(count = 3, extraEnv: NodeJS.ProcessEnv = {}): Promise<ScaleOutRig> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-rig-'));
  const database = `parley_rig_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await admin(`create database ${database}`);
  const databaseUrl = TEST_POSTGRES_URL.replace(/\/[^/]*$/, `/${database}`);
  let azurite: RunningAzurite | null = null;
  let balancer: ChildProcess | null = null;
  const instances: RigInstance[] = [];
  const spawned: ChildProcess[] = [];
  const stop = async () => {
    if (balancer) await kill9(balancer);
    await Promise.all(spawned.map(kill9));
    await azurite?.stop();
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  try {
    azurite = await startAzurite(90_000);
    // A Redis database of the rig's own: the instances' job queue and limits never meet other tests'.
    const redisUrl = `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/${8 + Math.floor(Math.random() * 8)}`;
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
      DEMO_PASSWORD: RIG_DEMO_PASSWORD,
      // Said outright, as production requires (issue 28 §3): the rig's payments go through the sandbox.
      PAYMENT_PROVIDER: 'sandbox',
      ...extraEnv,
    };
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    // The first one migrates and makes the demo account; the others start together on the result.
    // Each names itself in X-Parley-Instance (rig-1, rig-2, …), so a journey can tell where it landed.
    const named = (i: number) => ({ ...env, INSTANCE_ID: `rig-${i + 1}` });
    instances.push(await startInstance(named(0), path.join(scratch, 'instance-1'), ports[0]!, spawned));
    instances.push(...(await Promise.all(ports.slice(1).map((port, i) => startInstance(named(i + 1), path.join(scratch, `instance-${i + 2}`), port, spawned)))));
    const port = await freePort();
    const configFile = path.join(scratch, 'haproxy.cfg');
    fs.writeFileSync(configFile, haproxyConfig(port, instances));
    balancer = spawn('haproxy', ['-db', '-f', configFile], { stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    await waitForBalancer(url, 20_000);
    return { url, balancerPid: balancer.pid, instances, databaseUrl, redisUrl, azureConnectionString: azurite.connectionString, kill: (index) => kill9(instances[index]!.child), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
