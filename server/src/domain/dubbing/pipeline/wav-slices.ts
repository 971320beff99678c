// Reads time slices of a 16-bit PCM wav from disk, so per-speaker analysis of an hour of audio
// touches only the seconds it looks at instead of loading the whole file.
import fs from 'node:fs/promises';

export interface WavSlices {
  sampleRate: number;
  read(startMs: number, endMs: number): Promise<Int16Array>;
  close(): Promise<void>;
}

export async function openWavSlices(path: string): Promise<WavSlices> {
  const file = await fs.open(path, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await file.read(head, 0, head.length, 0);
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  let dataOffset = -1;
  while (offset + 8 <= bytesRead) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = head.readUInt16LE(offset + 10);
      sampleRate = head.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      dataOffset = offset + 8;
      break;
    }
    offset += 8 + size + (size & 1);
  }
  if (dataOffset < 0 || !sampleRate || channels !== 1) {
    await file.close();
    throw new Error('expected a mono 16-bit wav');
  }
  return {
    sampleRate,
    async read(startMs, endMs) {
      const from = Math.max(0, Math.floor((startMs / 1000) * sampleRate));
      const to = Math.max(from, Math.ceil((endMs / 1000) * sampleRate));
      const buffer = Buffer.alloc((to - from) * 2);
      const { bytesRead: got } = await file.read(buffer, 0, buffer.length, dataOffset + from * 2);
      const samples = new Int16Array(got >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = buffer.readInt16LE(i * 2);
      return samples;
    },
    close: () => file.close(),
  };
}
