// Minimal RIFF/WAVE reading and writing for 16-bit PCM, the only format engines exchange
// internally (ffmpeg produces it, pocketsphinx and the diarizer read it). espeak-ng --stdout writes
// placeholder chunk sizes (0x7ffff000), so the reader trusts the buffer length over the header.

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved when channels > 1. */
  samples: Int16Array;
}

export function encodeWav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  const dataBytes = samples.length * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const data = Buffer.from(samples.buffer, samples.byteOffset, dataBytes);
  return Buffer.concat([header, data]);
}

export function decodeWav(buffer: Buffer): PcmAudio {
  if (buffer.length < 12 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = buffer.readUInt16LE(body);
      const bits = buffer.readUInt16LE(body + 14);
      if ((format !== 1 && format !== 0xfffe) || bits !== 16) throw new Error('only 16-bit PCM wav is supported');
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('wav data chunk before fmt chunk');
      const end = Math.min(buffer.length, body + size);
      const usable = (end - body) & ~1;
      // Copy so the samples are aligned whatever the chunk offset was.
      const samples = new Int16Array(usable / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = buffer.readInt16LE(body + i * 2);
      return { sampleRate, channels, samples };
    }
    offset = body + size + (size & 1);
  }
  throw new Error('wav has no data chunk');
}

export function pcmBufferToSamples(pcm16le: Buffer): Int16Array {
  const samples = new Int16Array(pcm16le.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm16le.readInt16LE(i * 2);
  return samples;
}

export function durationMsOf(audio: PcmAudio): number {
  return (audio.samples.length / audio.channels / audio.sampleRate) * 1000;
}
