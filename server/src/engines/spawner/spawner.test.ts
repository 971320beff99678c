import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnEngine, type EngineProcess } from './spawner';

interface Outcome {
  stdout: Buffer;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: string;
  events: string[];
}

/** Runs a program to its 'close', collecting what a caller of child_process would see. */
function collect(child: EngineProcess, input?: string | Buffer): Promise<Outcome> {
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    let stderr = '';
    const events: string[] = [];
    let error: string | undefined;
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('spawn', () => events.push('spawn'));
    child.on('exit', () => events.push('exit'));
    child.on('error', (e: NodeJS.ErrnoException) => {
      events.push('error');
      error = e.code;
    });
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      events.push('close');
      resolve({ stdout: Buffer.concat(stdout), stderr, code, signal, error, events });
    });
    child.stdin?.on('error', () => undefined);
    if (input !== undefined) child.stdin?.end(input);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const until = async (condition: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe('spawnEngine', () => {
  it('pipes input to the program and its output and errors back, with its exit status, in child_process order', async () => {
    const echoed = await collect(spawnEngine('cat', []), 'hello, spawner');
    expect(echoed.stdout.toString()).toBe('hello, spawner');
    expect(echoed.code).toBe(0);
    expect(echoed.events).toEqual(['spawn', 'exit', 'close']);

    const failing = await collect(spawnEngine('sh', ['-c', 'echo to-err >&2; echo to-out; exit 3']), '');
    expect(failing).toMatchObject({ code: 3, signal: null, stderr: 'to-err\n' });
    expect(failing.stdout.toString()).toBe('to-out\n');
  });

  it('runs the program in another process than the server: the spawner is its parent', async () => {
    const child = spawnEngine('sh', ['-c', 'echo $PPID']);
    const outcome = await collect(child, '');
    const parent = Number(outcome.stdout.toString().trim());
    expect(parent).toBeGreaterThan(0);
    expect(parent).not.toBe(process.pid);
    expect(child.pid).toBeGreaterThan(0);
  });

  it('reports a missing program as child_process does (ENOENT), with empty output and a close', async () => {
    const outcome = await collect(spawnEngine('parley-no-such-program', []), 'ignored');
    expect(outcome.error).toBe('ENOENT');
    expect(outcome.stdout.length).toBe(0);
    expect(outcome.events).toEqual(['error', 'close']);
  });

  it('carries 64 MB of output whole, at the reader’s pace', async () => {
    const outcome = await collect(spawnEngine('head', ['-c', String(64 * 1024 * 1024), '/dev/zero']), '');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.length).toBe(64 * 1024 * 1024);
  });

  it('feeds a large input whole (the program reads it all)', async () => {
    const input = Buffer.alloc(8 * 1024 * 1024, 7);
    const outcome = await collect(spawnEngine('wc', ['-c']), input);
    expect(outcome.stdout.toString().trim()).toBe(String(input.length));
  });

  it('passes the environment of the moment and the working directory asked for', async () => {
    const dir = fs.mkdtempSync('/tmp/parley-spawner-cwd-');
    try {
      const outcome = await collect(spawnEngine('sh', ['-c', 'echo "$PARLEY_SPAWNER_PROBE $(pwd)"'], { env: { ...process.env, PARLEY_SPAWNER_PROBE: 'seen' }, cwd: dir }), '');
      expect(outcome.stdout.toString().trim()).toBe(`seen ${fs.realpathSync(dir)}`);
      const saved = process.env.PATH;
      process.env.PATH = dir; // no programs there
      try {
        expect((await collect(spawnEngine('cat', []), '')).error).toBe('ENOENT');
      } finally {
        process.env.PATH = saved;
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('kills a program, even one asked to die before it started', async () => {
    const sleeper = spawnEngine('sleep', ['30']);
    const early = spawnEngine('sleep', ['30']);
    expect(early.kill('SIGKILL')).toBe(true);
    await new Promise((resolve) => sleeper.once('spawn', resolve));
    expect(sleeper.kill('SIGKILL')).toBe(true);
    const [late, first] = await Promise.all([collect(sleeper), collect(early)]);
    expect(late.signal).toBe('SIGKILL');
    expect(first.signal).toBe('SIGKILL');
    expect(sleeper.kill()).toBe(false);
  });

  it('reaches a detached program’s whole process group with killGroup', async () => {
    const shell = spawnEngine('sh', ['-c', 'sleep 30 & echo $!; wait'], { detached: true });
    const grandchild = await new Promise<number>((resolve) => shell.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    expect(isRunning(grandchild)).toBe(true);
    shell.killGroup('SIGKILL');
    await collect(shell);
    expect(await until(() => !isRunning(grandchild))).toBe(true);
  });

  it('starts 40 programs at once, each answering its own input', async () => {
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => collect(spawnEngine('cat', []), `program ${i}`)));
    expect(outcomes.map((outcome) => outcome.stdout.toString())).toEqual(Array.from({ length: 40 }, (_, i) => `program ${i}`));
  });

  it('kills what the spawner started when the server goes away', async () => {
    // A throwaway "server": a Node process that starts a sleep through the spawner, says its pid, then is killed.
    const script = `import { spawnEngine } from ${JSON.stringify(new URL('./spawner.ts', import.meta.url).pathname)};
      const child = spawnEngine('sleep', ['30']);
      child.on('spawn', () => console.log(child.pid));`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => server.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    expect(isRunning(pid)).toBe(true);
    server.kill('SIGKILL');
    expect(await until(() => !isRunning(pid))).toBe(true);
  }, 20_000);
});
