// A meeting viewer as light as a socket can be, for fan-out benchmarks with thousands of them in one
// process: a frame is not parsed on arrival. Only frames that are finals (found by their raw bytes)
// are kept, with their arrival time, to be parsed after the run; everything else is counted and
// dropped. So the measuring process spends microseconds per frame, not a JSON.parse and a predicate
// scan over every message (LiveClient), and what is timed is the fan-out rather than the reader.
import { createRequire } from 'node:module';

type Socket = {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'open' | 'close', listener: (code?: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
};
const WebSocketImpl = createRequire(import.meta.url)('ws') as new (url: string) => Socket;

/** Epoch ms with sub-ms precision: comparable with the instances' LIVE_FANOUT_TIMING stamps. */
export const epochMs = () => performance.timeOrigin + performance.now();

// JSON.stringify writes the type field exactly so; a quote inside a text is escaped, so a text cannot fake it.
const FINAL = Buffer.from('"type":"subtitle.final"');
const TRANSCRIPT = Buffer.from('"type":"transcript"');

export interface ArrivedFinal {
  at: number;
  raw: Buffer;
}

export class FanoutViewer {
  readonly finals: ArrivedFinal[] = [];
  frames = 0;
  closeCode: number | null = null;
  /** Resolves when the resume is answered (the transcript message): live messages come to it from then on. */
  readonly attached: Promise<void>;
  private onAttached: () => void = () => undefined;

  private constructor(private readonly socket: Socket) {
    this.attached = new Promise((resolve) => (this.onAttached = resolve));
    socket.on('message', (data) => {
      const at = epochMs();
      this.frames += 1;
      if (data.includes(FINAL)) this.finals.push({ at, raw: data });
      else if (data.includes(TRANSCRIPT)) this.onAttached();
    });
    socket.on('close', (code) => (this.closeCode = code ?? 0));
  }

  static open(url: string): Promise<FanoutViewer> {
    const socket = new WebSocketImpl(url);
    const viewer = new FanoutViewer(socket);
    return new Promise((resolve, reject) => {
      socket.on('open', () => resolve(viewer));
      socket.on('error', (error) => reject(new Error(`socket to ${url} failed: ${error.message}`)));
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }
}
