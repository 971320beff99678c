// Reserving a seq (a final stored before it goes out) on both buses: messages numbered after a
// reservation wait for it, so every subscriber sees one gap-free stream in seq order; an abandoned or
// expired reservation goes out as its filler; replay and latestSeq never run ahead of what went out.
import { afterAll, describe, expect, it } from 'vitest';
import { redisVariant, uniqueRedisPrefix } from '../testing/redis-variant';
import { createInProcessBus, type LiveBus, type StreamMessage, type UnnumberedMessage } from './live-bus';
import { createRedisBus } from './redis-live-bus';

const textOf = (m: StreamMessage) => ('text' in m ? m.text : undefined);

const redis = await redisVariant('Redis bus reservation test');
const opened: LiveBus[] = [];
afterAll(async () => {
  for (const bus of opened) await bus.close();
});

const partial = (text: string): UnnumberedMessage => ({ type: 'subtitle.partial', segmentId: 's', startMs: 0, endMs: 0, text, lang: 'en-US' });
const final = (text: string): UnnumberedMessage => ({ type: 'subtitle.final', segmentId: 's', startMs: 0, endMs: 1, text, lang: 'en-US', speaker: null, translations: {} });

/** Two handles on one stream (two instances on Redis; the same bus in-process). */
type Pair = () => Promise<[LiveBus, LiveBus]>;
const variants: { name: string; skip: string | null; pair: Pair }[] = [
  {
    name: 'in-process',
    skip: null,
    pair: async () => {
      const bus = createInProcessBus();
      opened.push(bus);
      return [bus, bus];
    },
  },
  {
    name: 'redis',
    skip: redis.skipReason,
    pair: async () => {
      const prefix = `${uniqueRedisPrefix('parley-bus')}:`;
      const a = createRedisBus(redis.url, prefix);
      const b = createRedisBus(redis.url, prefix);
      opened.push(a, b);
      return [a, b];
    },
  },
];

async function received(bus: LiveBus, meetingId: string): Promise<StreamMessage[]> {
  const seen: StreamMessage[] = [];
  await bus.subscribe(meetingId, (m) => seen.push(m));
  return seen;
}

const settle = async (until: () => boolean) => {
  const end = Date.now() + 2000;
  while (!until() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
};

describe.each(variants)('LiveBus reservations ($name)', ({ skip, pair }) => {
  it.skipIf(skip)('holds later messages until the reserved seq is committed, then delivers all in order', async () => {
    const [a, b] = await pair();
    const seen = await received(b, 'm1');
    await a.publish('m1', partial('one'));
    const reserved = await a.reserve('m1', final(''));
    expect(reserved).toBe(2);
    const later = await b.publish('m1', partial('after the final')); // another instance, meanwhile
    expect(later.seq).toBe(3);
    await settle(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(seen.map((m) => m.seq)).toEqual([1]);
    expect(await a.latestSeq('m1')).toBe(1);
    expect(await b.replay('m1', 1)).toEqual([]);

    const committed = await a.commit('m1', reserved, final('stored first'));
    expect(committed?.seq).toBe(2);
    await settle(() => seen.length >= 3);
    expect(seen.map((m) => [m.seq, textOf(m)])).toEqual([
      [1, 'one'],
      [2, 'stored first'],
      [3, 'after the final'],
    ]);
    expect(await b.latestSeq('m1')).toBe(3);
    expect((await b.replay('m1', 1))?.map((m) => m.seq)).toEqual([2, 3]);
  });

  it.skipIf(skip)('sends the filler at an abandoned seq, so the stream has no gap', async () => {
    const [a, b] = await pair();
    const seen = await received(b, 'm2');
    const reserved = await a.reserve('m2', final(''));
    await b.publish('m2', partial('next'));
    await a.abandon('m2', reserved);
    await settle(() => seen.length >= 2);
    expect(seen.map((m) => [m.seq, m.type, textOf(m)])).toEqual([
      [1, 'subtitle.final', ''],
      [2, 'subtitle.partial', 'next'],
    ]);
    expect(await a.commit('m2', reserved, final('too late'))).toBeNull();
  });

  it.skipIf(skip)('lets an expired reservation (a dead instance) go out as its filler; a late commit is refused', async () => {
    const [a, b] = await pair();
    const seen = await received(b, 'm3');
    const reserved = await a.reserve('m3', final(''), 50);
    await b.publish('m3', partial('held'));
    await new Promise((r) => setTimeout(r, 80));
    expect(await b.latestSeq('m3')).toBe(2); // reading the latest seq flushes what waited
    await settle(() => seen.length >= 2);
    expect(seen.map((m) => [m.seq, textOf(m)])).toEqual([
      [1, ''],
      [2, 'held'],
    ]);
    expect(await a.commit('m3', reserved, final('late'))).toBeNull();
  });

  it.skipIf(skip)('keeps one gap-free order under concurrent publishes and reservations from two handles', async () => {
    const [a, b] = await pair();
    const seen = await received(a, 'm4');
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      const bus = i % 2 ? a : b;
      work.push(bus.publish('m4', partial(`p${i}`)));
      work.push(
        (async () => {
          const seq = await bus.reserve('m4', final(''));
          await new Promise((r) => setTimeout(r, Math.random() * 10)); // the store
          await bus.commit('m4', seq, final(`f${i}`));
        })(),
      );
    }
    await Promise.all(work);
    await settle(() => seen.length >= 40);
    expect(seen.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(seen.filter((m) => m.type === 'subtitle.final').every((m) => textOf(m))).toBe(true);
  });

  it.skipIf(skip)('a floor above the numbering (a restart) continues above it', async () => {
    const [a] = await pair();
    await a.ensureFloor('m5', 7);
    expect(await a.latestSeq('m5')).toBe(7);
    expect(await a.reserve('m5', final(''))).toBe(8);
    expect(await a.latestSeq('m5')).toBe(7);
  });
});
