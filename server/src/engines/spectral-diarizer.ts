// Speaker recognition of our own design, chosen to need no trained model: describe each segment by
// the mean of its MFCC frames (a voice's average spectral envelope), then cluster segments
// bottom-up. Average-envelope features are what older diarizers (before neural speaker embeddings)
// used; they separate clearly different voices (male/female, different people on one microphone)
// and are deterministic, fast and explainable. Known limits: similar voices merge, and very short
// segments are unreliable, so they are labelled after clustering by their nearest cluster.
//
// Distances are measured in units of the recording's own frame-level spread of each coefficient,
// so the merge threshold does not depend on microphone gain or channel colouring: two segments
// whose mean envelopes differ by less than `threshold` spreads are taken as the same speaker.
// Agglomeration merges the closest pair of clusters (frame-weighted centroids) while there are more
// clusters than maxSpeakers, or while the closest pair is nearer than the threshold; a final pass
// (same-voice-merge.ts) then joins clusters most of whose segments have several same-voice segments in
// another, so one voice that says varied things is not split into a phantom second speaker.
import fs from 'node:fs/promises';
import path from 'node:path';
import { toWav16kMono } from './media';
import { mergeSameVoiceClusters } from './same-voice-merge';
import { euclidean, frameSpread, mfccFrames, scaledMean } from './speaker-features';
import { withTempDir } from './temp-dir';
import type { SpeakerDiarizer, TimeSpan } from './types';
import { decodeWav, type PcmAudio } from './wav';

export interface SpectralDiarizerOptions {
  /**
   * Merge clusters closer than this (in frame-spread units). Measured on espeak voices: segments of
   * one voice with different text lie 0.5–1.05 apart, a low male vs a high female voice ~2.4, and
   * the tests pass for any threshold from 0.9 to 1.8; 1.3 sits in the middle. A high voice's
   * sentences can lie up to 1.9 apart (bench/dubbing.bench.ts's f2 voice): the same-voice merge pass,
   * not a higher threshold, keeps such a voice one speaker.
   */
  threshold?: number;
  /** Segments with fewer speech frames (10 ms each) than this are labelled after clustering. */
  minFramesToCluster?: number;
}

interface Cluster {
  members: number[];
  weight: number;
  centroid: Float64Array;
}

export class SpectralDiarizer implements SpeakerDiarizer {
  readonly id = 'spectral-mfcc';
  private readonly threshold: number;
  private readonly minFramesToCluster: number;

  constructor(options: SpectralDiarizerOptions = {}) {
    this.threshold = options.threshold ?? 1.3;
    this.minFramesToCluster = options.minFramesToCluster ?? 50;
  }

  async assign(wavPath: string, segments: TimeSpan[], options: { maxSpeakers: number; signal?: AbortSignal }): Promise<number[]> {
    if (segments.length === 0) return [];
    const audio = await readMono16k(wavPath, options.signal);
    return this.assignPcm(audio, segments, options.maxSpeakers);
  }

  assignPcm(audio: PcmAudio, segments: TimeSpan[], maxSpeakers: number): number[] {
    const maxClusters = Math.max(1, Math.floor(maxSpeakers));
    const rate = audio.sampleRate;
    const perSegment = segments.map((s) =>
      mfccFrames(audio.samples, rate, Math.floor((s.startMs / 1000) * rate), Math.ceil((s.endMs / 1000) * rate)).mfcc,
    );
    const dims = perSegment.find((f) => f.length)?.[0]?.length ?? 0;
    if (dims === 0) return segments.map(() => 0);

    const spread = frameSpread(perSegment.flat(), dims);
    const means = perSegment.map((frames) => (frames.length ? scaledMean(frames, spread) : null));
    const reliable = means.flatMap((mean, index) => (mean && perSegment[index]!.length >= this.minFramesToCluster ? [index] : []));
    const seeds = reliable.length ? reliable : means.flatMap((mean, index) => (mean ? [index] : []));

    let clusters: Cluster[] = seeds.map((index) => ({ members: [index], weight: perSegment[index]!.length, centroid: means[index]! }));
    while (clusters.length > 1) {
      let best = { a: 0, b: 1, distance: Infinity };
      for (let a = 0; a < clusters.length; a++) {
        for (let b = a + 1; b < clusters.length; b++) {
          const distance = euclidean(clusters[a]!.centroid, clusters[b]!.centroid);
          if (distance < best.distance) best = { a, b, distance };
        }
      }
      if (clusters.length <= maxClusters && best.distance >= this.threshold) break;
      clusters = [...clusters.filter((_, i) => i !== best.a && i !== best.b), joinClusters(clusters[best.a]!, clusters[best.b]!)];
    }
    clusters = mergeSameVoiceClusters(clusters, means, this.threshold, joinClusters);

    const raw = new Array<number>(segments.length).fill(-1);
    clusters.forEach((cluster, label) => cluster.members.forEach((member) => (raw[member] = label)));
    means.forEach((mean, index) => {
      if (raw[index] !== -1 || !mean) return;
      let nearest = 0;
      clusters.forEach((cluster, label) => {
        if (euclidean(mean, cluster.centroid) < euclidean(mean, clusters[nearest]!.centroid)) nearest = label;
      });
      raw[index] = nearest;
    });
    // A segment with no speech at all (a cough, a cut) goes with the segment before it.
    for (let i = 0; i < raw.length; i++) if (raw[i] === -1) raw[i] = i > 0 ? raw[i - 1]! : -1;
    const firstLabelled = raw.find((label) => label !== -1) ?? 0;
    for (let i = 0; i < raw.length && raw[i] === -1; i++) raw[i] = firstLabelled;
    return renumberByFirstAppearance(raw);
  }
}

/** One cluster of both: members joined, centroid weighted by speech frames. */
function joinClusters(a: Cluster, b: Cluster): Cluster {
  const weight = a.weight + b.weight;
  const centroid = a.centroid.map((value, d) => (value * a.weight + b.centroid[d]! * b.weight) / weight);
  return { members: [...a.members, ...b.members], weight, centroid };
}

async function readMono16k(wavPath: string, signal?: AbortSignal): Promise<PcmAudio> {
  try {
    const audio = decodeWav(await fs.readFile(wavPath));
    if (audio.sampleRate === 16_000 && audio.channels === 1) return audio;
  } catch {
    // Not plain 16-bit wav: convert below.
  }
  return withTempDir('diarize', async (dir) => {
    const converted = path.join(dir, 'mono.wav');
    await toWav16kMono(wavPath, converted, { signal });
    return decodeWav(await fs.readFile(converted));
  });
}

export function renumberByFirstAppearance(labels: number[]): number[] {
  const mapping = new Map<number, number>();
  return labels.map((label) => {
    if (!mapping.has(label)) mapping.set(label, mapping.size);
    return mapping.get(label)!;
  });
}
