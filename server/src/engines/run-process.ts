// Every local engine is a Debian program; this is the one place that spawns them, so all of them
// honour AbortSignal, a time limit and an output cap the same way (a stuck ffmpeg must not hold a
// job slot forever, and a cancelled upload must stop its conversion at once). They start from the
// spawner's helper process, not from the server's (spawner/spawner.ts says why).
import { aborted, engineFailed, engineNotInstalled, engineTimedOut } from './engine-errors';
import { spawnEngine } from './spawner/spawner';

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  input?: string | Buffer;
  /** Programs like pocketsphinx log megabytes to stderr; keep only the tail for error messages. */
  maxStderrBytes?: number;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

export function runProcess(engine: string, command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const { signal, timeoutMs, input, maxStderrBytes = 16_384 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(engine));
    const child = spawnEngine(command, args);
    const stdout: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        child.kill('SIGKILL');
        reject(error);
      } else resolve({ stdout: Buffer.concat(stdout), stderr });
    };
    const onAbort = () => finish(aborted(engine));
    const timer = setTimeout(() => finish(engineTimedOut(engine, Math.round(timeoutMs / 1000))), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-maxStderrBytes);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ENOENT' ? engineNotInstalled(engine, error) : engineFailed(engine, `${command}: ${error.message}`, undefined, error)),
    );
    child.on('close', (code, killedBy) => {
      if (code === 0) finish(null);
      else finish(engineFailed(engine, `${command} exited with ${code ?? killedBy}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
    // A program that exits before reading all input raises EPIPE; its exit code tells the real story.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}
