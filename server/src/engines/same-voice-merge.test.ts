// The final merge pass on made-up segment means (2-D, so distances are easy to read).
import { describe, expect, it } from 'vitest';
import { mergeSameVoiceClusters, type SegmentCluster } from './same-voice-merge';

const at = (...points: [number, number][]) => points.map(([x, y]) => Float64Array.of(x, y));
const join = (a: SegmentCluster, b: SegmentCluster): SegmentCluster => ({ members: [...a.members, ...b.members] });
const sorted = (clusters: SegmentCluster[]) => clusters.map((c) => [...c.members].sort((x, y) => x - y)).sort((x, y) => x[0]! - y[0]!);

describe('same-voice merge pass', () => {
  it('joins a cluster whose segments each have three segments of another within the threshold, though the centroids are further apart', () => {
    // One voice saying varied things: 0..4 spread along x, 5..6 a little beyond. Centroids 1.64 apart.
    const means = at([0, 0], [1, 0], [2, 0], [2.1, 0.3], [2.2, -0.3], [3, 0], [3.2, 0]);
    const merged = mergeSameVoiceClusters([{ members: [0, 1, 2, 3, 4] }, { members: [5, 6] }], means, 1.3, join);
    expect(sorted(merged)).toEqual([[0, 1, 2, 3, 4, 5, 6]]);
  });

  it('does not let one odd segment bridge two voices', () => {
    // Voice A around x = 0 with one odd segment (3) within reach of every segment of voice B around x = 3.
    const means = at([0, 0], [0.2, 0], [0.1, 0.2], [2, 0], [3, 0], [3.1, 0.2], [3.2, 0]);
    const merged = mergeSameVoiceClusters([{ members: [0, 1, 2, 3] }, { members: [4, 5, 6] }], means, 1.3, join);
    expect(sorted(merged)).toEqual([[0, 1, 2, 3], [4, 5, 6]]);
  });

  it('merges the closest pair first and stops when no pair is within reach; missing means count as far', () => {
    const means = [...at([0, 0], [0.5, 0], [1.2, 0], [10, 0]), null];
    const merged = mergeSameVoiceClusters([{ members: [0] }, { members: [1] }, { members: [2, 4] }, { members: [3] }], means, 1.3, join);
    expect(sorted(merged)).toEqual([[0, 1, 2, 4], [3]]);
  });
});
