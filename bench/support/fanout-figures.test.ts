import { describe, expect, it } from 'vitest';
import { fanoutFigures, formatFanoutFigures, percentile } from './fanout-figures';
import type { FanoutTiming } from '../../server/src/live/meeting-rooms';

const timing = (seq: number, receivedAt: number, writtenAt: number, connections = 2, cpuMs = 1): FanoutTiming => ({
  meetingId: 'm',
  seq,
  type: 'subtitle.final',
  connections,
  receivedAt,
  writtenAt,
  cpuMs,
});

describe('fanoutFigures', () => {
  it('spreads each final from its first viewer and pools the spreads over finals', () => {
    const viewers = [
      new Map([
        [3, 1000],
        [5, 2000],
      ]),
      new Map([
        [3, 1010],
        [5, 2040],
      ]),
    ];
    const figures = fanoutFigures([3, 5], viewers);
    expect(figures.events.map((e) => [e.seq, e.spreadMax])).toEqual([
      [3, 10],
      [5, 40],
    ]);
    expect(figures.spreadP99).toBe(40);
    expect(figures.sinceBusP99).toBeNull();
  });

  it('times arrivals from the first instance that had the final, and the reader after the last write', () => {
    const viewers = [new Map([[3, 1000]]), new Map([[3, 1030]])];
    const timings = [timing(3, 990, 995, 1, 0.5), timing(3, 992, 1020, 1, 2), timing(4, 0, 5000), timing(3, 0, 9999, 0)];
    const [event] = fanoutFigures([3], viewers, timings).events;
    expect(event!.sinceBusP99).toBe(40);
    expect(event!.instances).toEqual([
      { connections: 1, writeMs: 5, cpuMs: 0.5 },
      { connections: 1, writeMs: 28, cpuMs: 2 },
    ]);
    expect(event!.readerLagMs).toBe(10);
    expect(formatFanoutFigures(fanoutFigures([3], viewers, timings))[0]).toContain('CPU per socket written 2000.0 µs');
  });

  it('refuses a run where a viewer missed a final', () => {
    expect(() => fanoutFigures([3], [new Map([[3, 1]]), new Map()])).toThrow(/viewer 1 never had the final of seq 3/);
  });

  it('takes the nearest rank below', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4], 99)).toBe(4);
  });
});
