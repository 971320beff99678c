// @vitest-environment node
// The live drag rules: a region never overlaps a neighbour, leaves the media or turns inside out.
import { describe, expect, it } from 'vitest';
import { boundsOf, clampRetime, MIN_REGION_MS } from './clamp-retime';

const lines = [
  { startMs: 1000, endMs: 2000 },
  { startMs: 3000, endMs: 4000 },
  { startMs: 5000, endMs: 6000 },
];
const DURATION = 10_000;

describe('boundsOf', () => {
  it('is the neighbours\' edges, or the media\'s for the first and last line', () => {
    expect(boundsOf(lines, 1, DURATION)).toEqual({ minStartMs: 2000, maxEndMs: 5000 });
    expect(boundsOf(lines, 0, DURATION)).toEqual({ minStartMs: 0, maxEndMs: 3000 });
    expect(boundsOf(lines, 2, DURATION)).toEqual({ minStartMs: 4000, maxEndMs: DURATION });
  });
});

describe('clampRetime', () => {
  const bounds = boundsOf(lines, 1, DURATION);

  it('leaves a move inside the gap as it is, in whole milliseconds', () => {
    expect(clampRetime({ startMs: 3200.4, endMs: 4200.4 }, bounds, 'move')).toEqual({ startMs: 3200, endMs: 4200 });
  });

  it('stops a moved region at the neighbour it runs into, keeping its length', () => {
    expect(clampRetime({ startMs: 4500, endMs: 5500 }, bounds, 'move')).toEqual({ startMs: 4000, endMs: 5000 });
    expect(clampRetime({ startMs: 1500, endMs: 2500 }, bounds, 'move')).toEqual({ startMs: 2000, endMs: 3000 });
  });

  it('keeps a moved region inside the media', () => {
    expect(clampRetime({ startMs: -300, endMs: 700 }, boundsOf(lines, 0, DURATION), 'move')).toEqual({ startMs: 0, endMs: 1000 });
    expect(clampRetime({ startMs: 9500, endMs: 10_500 }, boundsOf(lines, 2, DURATION), 'move')).toEqual({ startMs: 9000, endMs: DURATION });
  });

  it('shortens a moved region only when the gap is shorter than it', () => {
    expect(clampRetime({ startMs: 2000, endMs: 6000 }, bounds, 'move')).toEqual({ startMs: 2000, endMs: 5000 });
  });

  it('stops a dragged start at the previous line and short of the end (never inside out)', () => {
    expect(clampRetime({ startMs: 1500, endMs: 4000 }, bounds, 'start')).toEqual({ startMs: 2000, endMs: 4000 });
    expect(clampRetime({ startMs: 4500, endMs: 4000 }, bounds, 'start')).toEqual({ startMs: 4000 - MIN_REGION_MS, endMs: 4000 });
  });

  it('stops a dragged end at the next line and short of the start', () => {
    expect(clampRetime({ startMs: 3000, endMs: 5600 }, bounds, 'end')).toEqual({ startMs: 3000, endMs: 5000 });
    expect(clampRetime({ startMs: 3000, endMs: 2500 }, bounds, 'end')).toEqual({ startMs: 3000, endMs: 3000 + MIN_REGION_MS });
  });

  it('moves only the dragged edge', () => {
    expect(clampRetime({ startMs: 2500, endMs: 4000 }, bounds, 'start')).toEqual({ startMs: 2500, endMs: 4000 });
    expect(clampRetime({ startMs: 3000, endMs: 4800 }, bounds, 'end')).toEqual({ startMs: 3000, endMs: 4800 });
  });

  it('fits a gap narrower than the shortest region without crossing either neighbour', () => {
    const narrow = { minStartMs: 2000, maxEndMs: 2050 };
    expect(clampRetime({ startMs: 1990, endMs: 2100 }, narrow, 'move')).toEqual({ startMs: 2000, endMs: 2050 });
    expect(clampRetime({ startMs: 2040, endMs: 2050 }, narrow, 'start')).toEqual({ startMs: 2000, endMs: 2050 });
    expect(clampRetime({ startMs: 2000, endMs: 2010 }, narrow, 'end')).toEqual({ startMs: 2000, endMs: 2050 });
  });
});
