// A program started through the spawner, seen from the server as child_process sees a child: stdio
// streams, pid, exitCode/signalCode, kill(), and the 'spawn', 'error', 'exit' and 'close' events in
// the same order, so the code that runs engines reads the same either way. The streams exist at once
// (callers listen right after spawning, as with child_process); the sockets behind them come when the
// spawner has made them, and the program's input flows only once it runs.
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { PassThrough, type Readable, type Writable } from 'node:stream';

export type StdioKind = 'pipe' | 'ignore';

/** The error a failed start reports, as child_process reports it (code 'ENOENT' for a missing program). */
export type SpawnFailure = Error & { code?: string; errno?: number; syscall?: string; path?: string };

export interface EngineProcessControl {
  kill(signal: NodeJS.Signals, group: boolean): void;
  /** Whether the server's event loop is held open while this program runs. */
  setReferenced(referenced: boolean): void;
}

export class EngineProcess extends EventEmitter {
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  private exited = false;
  private failed = false;
  private closed = false;
  private openOutputs = 0;
  private sockets: Array<Socket | null> = [];
  private referenced = true;
  /** stdout and stderr as this side writes them (what the socket brings). */
  private readonly outputs: Array<PassThrough | null>;
  /** A kill asked for before the program ran: sent as soon as it does. */
  private pendingKill: { signal: NodeJS.Signals; group: boolean } | null = null;

  constructor(
    private readonly control: EngineProcessControl,
    stdio: readonly StdioKind[],
  ) {
    super();
    const [stdin, stdout, stderr] = stdio.map((kind) => (kind === 'pipe' ? new PassThrough() : null));
    this.stdin = stdin ?? null;
    this.outputs = [stdout ?? null, stderr ?? null];
    this.stdout = this.outputs[0] ?? null;
    this.stderr = this.outputs[1] ?? null;
    for (const output of this.outputs) {
      if (!output) continue;
      this.openOutputs++;
      output.once('close', () => {
        this.openOutputs--;
        this.maybeClose();
      });
    }
  }

  /** This process's ends of the program's stdio (null where not piped); its output flows from now on. */
  attach(sockets: Array<Socket | null>): void {
    this.sockets = sockets;
    if (!this.referenced) for (const socket of sockets) socket?.unref();
    this.outputs.forEach((output, i) => {
      const socket = sockets[i + 1];
      if (!output || !socket) return;
      socket.pipe(output);
      // A reset connection ends the output as a closed pipe would; the exit status tells the story.
      socket.on('error', () => undefined);
      socket.once('close', () => {
        if (!output.writableEnded) output.end();
      });
    });
  }

  /** The program runs: its input flows. */
  onSpawned(pid: number): void {
    this.pid = pid;
    const socket = this.sockets[0];
    if (this.stdin && socket) {
      // A program that exits before reading all its input makes the write fail (EPIPE), as a pipe does.
      socket.on('error', (error) => this.stdin?.destroy(error));
      this.stdin.pipe(socket);
    }
    this.emit('spawn');
    if (this.pendingKill) this.control.kill(this.pendingKill.signal, this.pendingKill.group);
  }

  onError(error: SpawnFailure): void {
    if (this.pid === undefined && !this.failed) {
      // It never ran: its output ends empty, its input goes nowhere, and no exit comes.
      this.failed = true;
      this.control.setReferenced(false);
      this.stdin?.destroy();
      for (const socket of this.sockets) socket?.destroy();
      for (const output of this.outputs) if (output && !output.writableEnded) output.end();
    }
    this.emit('error', error);
    this.maybeClose();
  }

  onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exited) return;
    this.exited = true;
    this.exitCode = code;
    this.signalCode = signal;
    this.control.setReferenced(false);
    // Nothing reads what is still written to it.
    this.sockets[0]?.destroy();
    this.emit('exit', code, signal);
    this.maybeClose();
  }

  /** The spawner itself went away, and the program with it. */
  onLost(): void {
    if (this.exited || this.failed) return;
    if (this.pid === undefined) return this.onError(Object.assign(new Error('the spawner process exited'), { code: 'ESPAWNER' }));
    this.onExit(null, 'SIGKILL');
  }

  get running(): boolean {
    return !this.exited && !this.failed;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    return this.signal(signal, false);
  }

  /** Signals the program's whole process group (it was started detached, as its group's leader). */
  killGroup(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    return this.signal(signal, true);
  }

  private signal(signal: NodeJS.Signals, group: boolean): boolean {
    if (!this.running) return false;
    if (this.pid === undefined) this.pendingKill = { signal, group };
    else this.control.kill(signal, group);
    return true;
  }

  /** Holds the server's event loop open while the program runs (the default), its streams with it. */
  ref(): void {
    this.referenced = true;
    if (this.running) this.control.setReferenced(true);
    for (const socket of this.sockets) socket?.ref();
  }

  /** Lets the server exit while the program runs, as ChildProcess.unref() with its pipes unref'd too. */
  unref(): void {
    this.referenced = false;
    this.control.setReferenced(false);
    for (const socket of this.sockets) socket?.unref();
  }

  private maybeClose() {
    if (this.closed || this.openOutputs > 0 || this.running) return;
    this.closed = true;
    this.emit('close', this.exitCode, this.signalCode);
  }
}
