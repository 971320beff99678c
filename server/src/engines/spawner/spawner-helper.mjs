// The spawner helper: a small Node process that starts the engines' programs on the server's behalf
// (spawner.ts says why). Plain JavaScript so that plain `node` runs it the same way from the sources,
// under the tests and from the built bundle, with nothing to load but node:child_process.
//
// Messages from the server, in order:
//   { t: 'stdio', id, fd } with a socket handle: the child's end of one piped stdio stream;
//   { t: 'spawn', id, command, args, env, cwd, detached, stdio }: start it (stdio: 'pipe' | 'ignore' a fd);
//   { t: 'kill', id, signal, group }: signal it (group: its whole process group, for a detached child).
// Answers: { t: 'spawned', id, pid } · { t: 'error', id, error } · { t: 'exit', id, code, signal }.
import { spawn } from 'node:child_process';

/** Sockets received for children not started yet, by id then fd. */
const sockets = new Map();
/** Children running, by id. */
const children = new Map();

const send = (message) => {
  if (process.connected) process.send(message);
};

function start({ id, command, args, env, cwd, detached, stdio }) {
  const ends = sockets.get(id) ?? {};
  sockets.delete(id);
  let child;
  try {
    child = spawn(command, args, { env, cwd, detached, stdio: stdio.map((kind, fd) => (kind === 'pipe' ? ends[fd] : 'ignore')) });
  } catch (error) {
    send({ t: 'error', id, error: { message: error.message, code: error.code } });
    return;
  } finally {
    // The child holds its own copies now (or failed to start): ours must not read what the server
    // writes to it, nor keep its stdout open after it exits.
    for (const socket of Object.values(ends)) socket.destroy();
  }
  children.set(id, { child, detached });
  child.on('spawn', () => send({ t: 'spawned', id, pid: child.pid }));
  child.on('error', (error) => {
    if (child.pid === undefined) children.delete(id);
    send({ t: 'error', id, error: { message: error.message, code: error.code, errno: error.errno, syscall: error.syscall, path: error.path } });
  });
  child.on('exit', (code, signal) => {
    children.delete(id);
    send({ t: 'exit', id, code, signal });
  });
}

function kill({ id, signal, group }) {
  const running = children.get(id);
  if (!running) return;
  try {
    if (group && running.detached && running.child.pid) process.kill(-running.child.pid, signal);
    else running.child.kill(signal);
  } catch {
    // It has exited meanwhile; its exit message is on its way.
  }
}

process.on('message', (message, handle) => {
  if (message.t === 'stdio') {
    if (!sockets.has(message.id)) sockets.set(message.id, {});
    sockets.get(message.id)[message.fd] = handle;
  } else if (message.t === 'spawn') start(message);
  else if (message.t === 'kill') kill(message);
});

// The server is gone (it exited, crashed or was killed): nothing it started may outlive it.
process.on('disconnect', () => {
  for (const { child, detached } of children.values()) {
    try {
      if (detached && child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
});
