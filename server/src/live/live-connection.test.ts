// The fan-out's per-socket cost: a stream message is serialised once per variant (language cut,
// masked or not) on an instance and every socket of the variant is handed the very same bytes, as a
// text frame. A regression to per-socket JSON.stringify or encoding shows here as more stringify
// calls or distinct buffers, whatever the machine's speed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from '@fastify/websocket';
import type { UserRow } from '../db/schema';
import type { StreamMessage } from './live-bus';
import { LiveConnection, type TextMask } from './live-connection';

interface Sent {
  data: unknown;
  options: unknown;
}

function connection(role: 'host' | 'participant', language: string | null = null, mask: TextMask | null = null) {
  const sent: Sent[] = [];
  const socket = { OPEN: 1, readyState: 1, send: (data: unknown, options?: unknown) => sent.push({ data, options }) } as unknown as WebSocket;
  const live = new LiveConnection(socket, { id: 'u' } as UserRow, role, (() => '') as never, null);
  live.translationLanguage = language;
  live.mask = mask;
  live.attached = true;
  return { live, sent };
}

const final = (seq: number): StreamMessage => ({
  type: 'subtitle.final',
  seq,
  segmentId: 'seg-1',
  startMs: 0,
  endMs: 1200,
  text: 'Falcon lands today',
  lang: 'en-US',
  translations: { 'es-ES': 'Falcon aterriza hoy', 'fr-FR': 'Falcon atterrit aujourd’hui' },
});

const hide: TextMask = (text) => text.replace('Falcon', '******');

describe('LiveConnection fan-out', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serialises a message once per variant and sends every socket of a variant the same bytes as text', () => {
    const plain = Array.from({ length: 50 }, () => connection('participant'));
    const spanish = Array.from({ length: 30 }, () => connection('participant', 'es-ES'));
    const masked = Array.from({ length: 20 }, () => connection('participant', 'es-ES', hide));
    const host = connection('host', 'fr-FR');
    const stringify = vi.spyOn(JSON, 'stringify');
    const message = final(7);
    for (const { live } of [...plain, ...spanish, ...masked, host]) live.deliver(message);

    // Four variants: everything (participants without a language, and the host), Spanish, Spanish masked.
    expect(stringify).toHaveBeenCalledTimes(3);
    const bytesOf = (group: ReturnType<typeof connection>[]) => new Set(group.map(({ sent }) => sent[0]!.data));
    expect(bytesOf(plain).size).toBe(1);
    expect(bytesOf(spanish).size).toBe(1);
    expect(bytesOf(masked).size).toBe(1);
    expect(bytesOf([...plain, host]).size).toBe(1);
    for (const { sent } of [...plain, ...spanish, ...masked, host]) {
      expect(sent).toHaveLength(1);
      expect(Buffer.isBuffer(sent[0]!.data)).toBe(true);
      expect(sent[0]!.options).toEqual({ binary: false });
    }

    const read = (group: ReturnType<typeof connection>[]) => JSON.parse(String(group[0]!.sent[0]!.data));
    expect(read(plain)).toEqual(message);
    expect(read(spanish)).toEqual({ ...message, translations: { 'es-ES': 'Falcon aterriza hoy' } });
    expect(read(masked)).toMatchObject({ text: '****** lands today', translations: { 'es-ES': '****** aterriza hoy' } });
  });

  it('sends each seq once per socket, and a later message gets its own bytes', () => {
    const { live, sent } = connection('participant');
    live.deliver(final(7));
    live.deliver(final(7));
    live.deliver(final(8));
    expect(sent.map(({ data }) => JSON.parse(String(data)).seq)).toEqual([7, 8]);
  });
});
