// The diarizer's final pass: clusters that are one voice by the diarizer's own definition are merged.
// The definition is per segment ("two segments whose mean envelopes differ by less than the threshold
// are the same speaker"), but agglomeration compares cluster centroids, and a centroid is only the
// average of the content its segments happened to say. One voice whose sentences differ a lot
// (measured: a high espeak voice's sentences lie 0.6–1.9 apart, a low one's 0.3–0.6) can then end as
// two clusters whose centroids are just beyond the threshold although most segments of the smaller
// one have a same-voice segment in the larger one: a phantom speaker that a dub editor shows with its
// own voice. So clusters merge while, for most segments of one of them (the median), the nearest
// segment of the other lies within the threshold. The median (not the single closest pair) keeps one
// borderline segment from chaining two real speakers together.
import { euclidean } from './speaker-features';

export interface SegmentCluster {
  /** Indices into the segment means. */
  members: number[];
}

/**
 * Merges clusters whose segments are mostly within `threshold` of the other cluster's nearest
 * segment, closest pair first, until none is; returns the merged clusters (member lists joined).
 */
export function mergeSameVoiceClusters<C extends SegmentCluster>(
  clusters: C[],
  means: readonly (Float64Array | null)[],
  threshold: number,
  join: (a: C, b: C) => C,
): C[] {
  let current = [...clusters];
  // nearest[c][i]: distance from segment i to the nearest member of cluster c (columns join by min).
  let nearest = current.map((cluster) => means.map((mean) => (mean ? nearestDistance(mean, cluster.members, means) : Infinity)));
  for (;;) {
    let best = { a: -1, b: -1, reach: Infinity };
    for (let a = 0; a < current.length; a++) {
      for (let b = a + 1; b < current.length; b++) {
        const reach = Math.min(medianReach(current[a]!.members, nearest[b]!), medianReach(current[b]!.members, nearest[a]!));
        if (reach < best.reach) best = { a, b, reach };
      }
    }
    if (best.reach >= threshold) return current;
    const joined = join(current[best.a]!, current[best.b]!);
    const column = nearest[best.a]!.map((d, i) => Math.min(d, nearest[best.b]![i]!));
    const keep = (_: unknown, i: number) => i !== best.a && i !== best.b;
    current = [...current.filter(keep), joined];
    nearest = [...nearest.filter(keep), column];
  }
}

function nearestDistance(mean: Float64Array, members: number[], means: readonly (Float64Array | null)[]): number {
  let min = Infinity;
  for (const member of members) {
    const other = means[member];
    if (other && other !== mean) min = Math.min(min, euclidean(mean, other));
  }
  return min;
}

/** The median over `members` of their distance to the other cluster's nearest segment. */
function medianReach(members: number[], nearestToOther: number[]): number {
  const distances = members.map((member) => nearestToOther[member]!).sort((x, y) => x - y);
  if (distances.length === 0) return Infinity;
  const middle = distances.length >> 1;
  return distances.length % 2 ? distances[middle]! : (distances[middle - 1]! + distances[middle]!) / 2;
}
