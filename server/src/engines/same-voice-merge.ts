// The diarizer's final pass: clusters that are one voice by the diarizer's own definition are merged.
// The definition is per segment ("two segments whose mean envelopes differ by less than the threshold
// are the same speaker"), but agglomeration compares cluster centroids, and a centroid is only the
// average of the content its segments happened to say. One voice whose sentences differ a lot
// (measured: a high espeak voice's sentences lie 0.6–1.9 apart, a low one's 0.3–0.6) can then end as
// two clusters whose centroids are just beyond the threshold although most segments of the smaller
// one have a same-voice segment in the larger one: a phantom speaker that a dub editor shows with its
// own voice. So clusters merge while most segments of one of them (the median) have several
// segments of the other (WITNESSES) within the threshold. Both guards keep single-linkage chaining
// away: one borderline segment of the smaller cluster cannot decide (the median), nor can one or two
// odd segments of the larger (a line where both people talk, a cough) bridge it to another speaker.
import { euclidean } from './speaker-features';

/** Segments of the other cluster that must lie within the threshold (fewer if it has fewer). */
const WITNESSES = 3;

export interface SegmentCluster {
  /** Indices into the segment means. */
  members: number[];
}

/**
 * Merges clusters most of whose segments are within `threshold` of WITNESSES segments of the other,
 * closest pair first, until none is; returns the merged clusters (member lists joined).
 */
export function mergeSameVoiceClusters<C extends SegmentCluster>(
  clusters: C[],
  means: readonly (Float64Array | null)[],
  threshold: number,
  join: (a: C, b: C) => C,
): C[] {
  let current = [...clusters];
  // nearest[c][i]: the WITNESSES smallest distances from segment i to members of cluster c, ascending
  // (a joined cluster's lists are the two lists merged and cut again).
  let nearest = current.map((cluster) => means.map((mean) => (mean ? nearestDistances(mean, cluster.members, means) : [])));
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
    const column = nearest[best.a]!.map((list, i) => [...list, ...nearest[best.b]![i]!].sort((x, y) => x - y).slice(0, WITNESSES));
    const keep = (_: unknown, i: number) => i !== best.a && i !== best.b;
    current = [...current.filter(keep), joined];
    nearest = [...nearest.filter(keep), column];
  }
}

/** The WITNESSES smallest distances from `mean` to the members, ascending (kept by insertion: no full sort). */
function nearestDistances(mean: Float64Array, members: number[], means: readonly (Float64Array | null)[]): number[] {
  const smallest: number[] = [];
  for (const member of members) {
    const other = means[member];
    if (!other || other === mean) continue;
    const distance = euclidean(mean, other);
    if (smallest.length === WITNESSES) {
      if (distance >= smallest[WITNESSES - 1]!) continue;
      smallest.pop();
    }
    let at = smallest.length;
    while (at > 0 && smallest[at - 1]! > distance) at -= 1;
    smallest.splice(at, 0, distance);
  }
  return smallest;
}

/** The median over `members` of the distance within which they have their witnesses in the other cluster. */
function medianReach(members: number[], nearestInOther: number[][]): number {
  const distances = members.map((member) => nearestInOther[member]!.at(-1) ?? Infinity).sort((x, y) => x - y);
  if (distances.length === 0) return Infinity;
  const middle = distances.length >> 1;
  return distances.length % 2 ? distances[middle]! : (distances[middle - 1]! + distances[middle]!) / 2;
}
