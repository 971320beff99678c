// Starts the engines' programs (ffmpeg, espeak-ng, pocketsphinx…) from a small helper process
// instead of from the server itself. On Linux, Node's spawn is a fork of the whole process: with the
// server's ~200 MB mapped, each one held its event loop ~5 ms copying page tables, and every page the
// server wrote next faulted once more — a request right after a job's ffmpeg call took 5.5 ms instead
// of 2.4 (bench/payments.bench.ts). The helper (spawner-helper.mjs) is forked once, small; the
// programs' stdio are Unix sockets whose other ends the server holds, so their output comes straight
// here and the helper never relays a byte.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { EngineProcess, type SpawnFailure, type StdioKind } from './engine-process';
import { socketPair } from './socket-pair';

export type { EngineProcess } from './engine-process';

/** A program whose output and errors are piped here. */
export type OutputEngineProcess = EngineProcess & { stdout: Readable; stderr: Readable };
/** A program with all three streams piped (the default). */
export type PipedEngineProcess = OutputEngineProcess & { stdin: Writable };

export interface SpawnEngineOptions {
  stdio?: readonly [StdioKind, StdioKind, StdioKind];
  /** The whole environment of the program; the server's current one when not given. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Its own process group (killGroup() then reaches every process it starts). */
  detached?: boolean;
}

type HelperMessage =
  | { t: 'spawned'; id: number; pid: number }
  | { t: 'error'; id: number; error: { message: string; code?: string; errno?: number; syscall?: string; path?: string } }
  | { t: 'exit'; id: number; code: number | null; signal: NodeJS.Signals | null };

/** From the sources (and the tests) it sits beside this file; the built server keeps a copy at its root (scripts/build-server.mjs). */
const HELPER_FILE = ['./spawner-helper.mjs', '../spawner-helper.mjs']
  .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  .find((file) => fs.existsSync(file));

interface Helper {
  child: ChildProcess;
  running: Map<number, EngineProcess>;
  /** Programs holding the event loop open: the channel is ref'd while there is one. */
  referenced: Set<number>;
}

let helper: Helper | null = null;
let nextId = 1;

function startHelper(): Helper {
  if (!HELPER_FILE) throw new Error('spawner-helper.mjs is missing beside the server');
  // execArgv empty: the helper is plain JavaScript and needs none of the server's loaders or flags.
  const child = fork(HELPER_FILE, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
  const started: Helper = { child, running: new Map(), referenced: new Set() };
  child.on('message', (message: HelperMessage) => {
    const engine = started.running.get(message.id);
    if (!engine) return;
    if (message.t === 'spawned') engine.onSpawned(message.pid);
    else if (message.t === 'error') engine.onError(Object.assign(new Error(message.error.message), message.error) as SpawnFailure);
    else if (message.t === 'exit') {
      started.running.delete(message.id);
      engine.onExit(message.code, message.signal);
    }
  });
  const lost = () => {
    if (helper === started) helper = null;
    const running = [...started.running.values()];
    started.running.clear();
    for (const engine of running) engine.onLost();
  };
  child.on('exit', lost);
  child.on('error', lost);
  // An idle helper must not keep the server alive; a running program does (setReferenced).
  child.unref();
  child.channel?.unref();
  return started;
}

function setReferenced(owner: Helper, id: number, referenced: boolean) {
  if (referenced) owner.referenced.add(id);
  else owner.referenced.delete(id);
  if (owner.referenced.size > 0) owner.child.channel?.ref();
  else owner.child.channel?.unref();
}

/** child_process.spawn, through the helper: the same streams, events and exit status. */
export function spawnEngine(command: string, args: readonly string[], options?: SpawnEngineOptions & { stdio?: readonly ['pipe', 'pipe', 'pipe'] }): PipedEngineProcess;
export function spawnEngine(command: string, args: readonly string[], options: SpawnEngineOptions & { stdio: readonly [StdioKind, 'pipe', 'pipe'] }): OutputEngineProcess;
export function spawnEngine(command: string, args: readonly string[], options?: SpawnEngineOptions): EngineProcess;
export function spawnEngine(command: string, args: readonly string[], options: SpawnEngineOptions = {}): EngineProcess {
  const stdio = options.stdio ?? ['pipe', 'pipe', 'pipe'];
  helper ??= startHelper();
  const owner = helper;
  const id = nextId++;
  const engine = new EngineProcess(
    {
      kill: (signal, group) => owner.child.connected && owner.child.send({ t: 'kill', id, signal, group }),
      setReferenced: (referenced) => setReferenced(owner, id, referenced),
    },
    stdio,
  );
  owner.running.set(id, engine);
  setReferenced(owner, id, true);
  // The environment is sent whole: a test (or an admin) that changed PATH since the helper started is obeyed.
  const env = options.env ?? process.env;
  void Promise.all(stdio.map((kind) => (kind === 'pipe' ? socketPair() : Promise.resolve(null))))
    .then((pairs) => {
      engine.attach(pairs.map((pair) => pair?.ours ?? null));
      if (!owner.child.connected) throw new Error('the spawner process exited');
      pairs.forEach((pair, fd) => {
        if (pair) owner.child.send({ t: 'stdio', id, fd }, pair.theirs);
      });
      owner.child.send({ t: 'spawn', id, command, args, env, cwd: options.cwd, detached: options.detached ?? false, stdio });
    })
    .catch((error: Error) => {
      owner.running.delete(id);
      engine.onError(Object.assign(error, { code: 'ESPAWNER' }));
    });
  return engine;
}
