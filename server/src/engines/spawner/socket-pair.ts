// Connected pairs of Unix sockets, one per piped stdio stream of a program the spawner starts: the
// server keeps one end, the program gets the other (passed to the spawner helper as a handle), so its
// output goes straight to the server with no process in between. Node has no socketpair(); a
// listener of this process's own, in a directory only this user can enter, makes them.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface SocketPair {
  /** The end this process reads and writes. */
  ours: net.Socket;
  /** The end handed on to the program. */
  theirs: net.Socket;
}

let listening: Promise<{ server: net.Server; socketPath: string }> | null = null;
/** Pairs are made one at a time, so the next connection the listener accepts is the one just made. */
let queue: Promise<unknown> = Promise.resolve();

function listener(): Promise<{ server: net.Server; socketPath: string }> {
  listening ??= new Promise((resolve, reject) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-spawner-'));
    const socketPath = path.join(dir, 'pairs.sock');
    const server = net.createServer();
    server.once('error', reject);
    server.listen(socketPath, () => {
      // A waiting listener must not keep the process alive.
      server.unref();
      resolve({ server, socketPath });
    });
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  });
  return listening;
}

export function socketPair(): Promise<SocketPair> {
  const made = queue.then(async () => {
    const { server, socketPath } = await listener();
    return new Promise<SocketPair>((resolve, reject) => {
      let theirs: net.Socket | null = null;
      let connected = false;
      const done = () => {
        if (!theirs || !connected) return;
        ours.off('error', failed);
        resolve({ ours, theirs });
      };
      const accepted = (socket: net.Socket) => {
        // Nothing is read from the program's end here: what arrives on it is the program's input.
        socket.pause();
        theirs = socket;
        done();
      };
      const failed = (error: Error) => {
        server.off('connection', accepted);
        reject(error);
      };
      server.once('connection', accepted);
      const ours = net.connect(socketPath, () => {
        connected = true;
        done();
      });
      ours.once('error', failed);
    });
  });
  queue = made.catch(() => undefined);
  return made;
}
