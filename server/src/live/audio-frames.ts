// Audio frames of the host: binary (uint32 LE frame number, then PCM16LE mono 16 kHz) or the JSON
// form {type:'audio', seq, data: base64}. Both parse to the same value or to a socket error.
import type { components } from '../../../src/api/schema';
import { LIVE_AUDIO_FRAME_MAX_BYTES } from '../../../src/shared/contract/limits';
import { LiveSocketError } from './live-errors';

type LiveAudioFrame = components['schemas']['LiveAudioFrame'];

export interface AudioFrame {
  frameSeq: number;
  pcm: Buffer;
}

const HEADER_BYTES = 4;

function checkPcm(pcm: Buffer): Buffer {
  if (pcm.length > LIVE_AUDIO_FRAME_MAX_BYTES) {
    throw new LiveSocketError(400, 'frameTooLarge', { bytes: pcm.length, limit: LIVE_AUDIO_FRAME_MAX_BYTES });
  }
  if (pcm.length === 0 || pcm.length % 2 !== 0) throw new LiveSocketError(400, 'frameMalformed');
  return pcm;
}

export function parseBinaryFrame(data: Buffer): AudioFrame {
  if (data.length > LIVE_AUDIO_FRAME_MAX_BYTES + HEADER_BYTES) {
    throw new LiveSocketError(400, 'frameTooLarge', { bytes: data.length - HEADER_BYTES, limit: LIVE_AUDIO_FRAME_MAX_BYTES });
  }
  if (data.length <= HEADER_BYTES) throw new LiveSocketError(400, 'frameMalformed');
  return { frameSeq: data.readUInt32LE(0), pcm: checkPcm(data.subarray(HEADER_BYTES)) };
}

/** The JSON form, already checked against the contract's LiveAudioFrame (seq range, sample rate). */
export function parseJsonFrame(message: LiveAudioFrame): AudioFrame {
  const { seq, data } = message;
  // Base64 is 4/3 of the bytes; refuse before decoding a huge string.
  if (data.length > Math.ceil((LIVE_AUDIO_FRAME_MAX_BYTES * 4) / 3) + 4) {
    throw new LiveSocketError(400, 'frameTooLarge', { bytes: Math.floor((data.length * 3) / 4), limit: LIVE_AUDIO_FRAME_MAX_BYTES });
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new LiveSocketError(400, 'frameMalformed');
  return { frameSeq: seq, pcm: checkPcm(Buffer.from(data, 'base64')) };
}

/** The binary form, for clients and tests written in TypeScript. */
export function encodeBinaryFrame(frameSeq: number, pcm: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(frameSeq, 0);
  return Buffer.concat([header, pcm]);
}
