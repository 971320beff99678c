// The account archive is streamed: entries are asked for only as the reader takes the bytes, so an
// account of any size never sits in memory whole. A reader that stops reading stops the producer.
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamArchive, type TextEntry } from './stream-archive';

const ENTRIES = 200;
// Incompressible text, so each entry adds its full size to the zip.
const bigText = () => randomBytes(48 * 1024).toString('base64');

describe('streamArchive', () => {
  it('asks for the next entry only as the reader takes the bytes, and stops when the reader goes away', async () => {
    let produced = 0;
    async function* entries(): AsyncGenerator<TextEntry> {
      for (let i = 0; i < ENTRIES; i++) {
        produced += 1;
        yield { name: `records/${i}.txt`, text: bigText() };
      }
    }
    let held: (() => void) | null = null;
    let onHeld: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (onHeld = resolve));
    let written = 0;
    // A reader that takes the first chunks, then stops reading (holds the write callback).
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written < 512 * 1024) callback();
        else {
          held = callback;
          onHeld();
        }
      },
    });
    const done = streamArchive(entries(), out);
    await holding;
    expect(held).not.toBeNull();
    // Give the producer every chance to run ahead (compression runs on the thread pool).
    await new Promise((resolve) => setTimeout(resolve, 300));
    // About 10 entries fill half a megabyte: the producer is held back, far from all of them.
    expect(produced).toBeLessThan(ENTRIES / 4);
    out.destroy();
    await done;
    expect(produced).toBeLessThan(ENTRIES / 4);
  });
});
