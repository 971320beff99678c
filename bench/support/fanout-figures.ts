// The figures of a live fan-out run (bench/scale.bench.ts): for each final, when every viewer had it.
// Per event, the spread is each viewer's arrival minus the first viewer's (the aim: how much later
// the last of N viewers reads the line than the first). With the instances' LIVE_FANOUT_TIMING
// lines it also says where that time went: from the first instance receiving the event off the bus
// to each arrival, how long each instance took to write it to all its sockets, and how long after the
// last instance's last write the last viewer read it (the measuring process's own share).
import type { FanoutTiming } from '../../server/src/live/meeting-rooms';

/** A viewer's arrivals: seq → epoch ms of that seq's first final with text. */
export type Arrivals = Map<number, number>;

export interface EventFigures {
  seq: number;
  viewers: number;
  spreadP50: number;
  spreadP99: number;
  spreadMax: number;
  /** Arrival minus the first instance's receipt off the bus (null without timing lines). */
  sinceBusP99: number | null;
  /** Per instance that had sockets for it: how many, and writtenAt − receivedAt. */
  instances: { connections: number; writeMs: number; cpuMs: number }[];
  /** Last arrival minus the last instance's last write (null without timing lines). */
  readerLagMs: number | null;
}

export interface FanoutFigures {
  events: EventFigures[];
  /** Over every (event, viewer) pair. */
  spreadP50: number;
  spreadP99: number;
  sinceBusP99: number | null;
  /** Median over events and instances of the write loop's CPU time per socket, in µs (null without timing lines). */
  cpuPerSocketUs: number | null;
}

/** The value at percentile p of ascending values (the bench's usual nearest-rank-below). */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const ascending = (values: number[]) => values.sort((a, b) => a - b);

/**
 * `events`: the seqs measured; every viewer must have each of them (a missing one is an error, not
 * a smaller sample). `timings`: every instance's timing lines (any meeting; filtered by seq).
 */
export function fanoutFigures(events: readonly number[], viewers: readonly Arrivals[], timings: readonly FanoutTiming[] = []): FanoutFigures {
  const spreads: number[] = [];
  const sinceBus: number[] = [];
  const figures = events.map((seq): EventFigures => {
    const arrivals = viewers.map((viewer, index) => {
      const at = viewer.get(seq);
      if (at === undefined) throw new Error(`viewer ${index} never had the final of seq ${seq}`);
      return at;
    });
    ascending(arrivals);
    const first = arrivals[0]!;
    const spread = arrivals.map((at) => at - first);
    spreads.push(...spread);
    const lines = timings.filter((t) => t.seq === seq && t.connections > 0);
    const fromBus = lines.length ? Math.min(...lines.map((t) => t.receivedAt)) : null;
    const since = fromBus === null ? [] : arrivals.map((at) => at - fromBus);
    sinceBus.push(...since);
    return {
      seq,
      viewers: arrivals.length,
      spreadP50: percentile(spread, 50),
      spreadP99: percentile(spread, 99),
      spreadMax: spread.at(-1)!,
      sinceBusP99: since.length ? percentile(since, 99) : null,
      instances: lines.map((t) => ({ connections: t.connections, writeMs: t.writtenAt - t.receivedAt, cpuMs: t.cpuMs })),
      readerLagMs: lines.length ? arrivals.at(-1)! - Math.max(...lines.map((t) => t.writtenAt)) : null,
    };
  });
  ascending(spreads);
  ascending(sinceBus);
  const perSocket = ascending(figures.flatMap((e) => e.instances.map((i) => (i.cpuMs * 1000) / i.connections)));
  return {
    events: figures,
    spreadP50: percentile(spreads, 50),
    spreadP99: percentile(spreads, 99),
    sinceBusP99: sinceBus.length ? percentile(sinceBus, 99) : null,
    cpuPerSocketUs: perSocket.length ? percentile(perSocket, 50) : null,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function formatFanoutFigures(figures: FanoutFigures): string[] {
  const lines = figures.events.map((e) => {
    const server = e.instances.length
      ? `; off the bus → arrival p99 ${ms(e.sinceBusP99!)}; write loops ${e.instances.map((i) => `${ms(i.writeMs)} (CPU ${ms(i.cpuMs)}, ${i.connections} sockets)`).join(', ')}; last arrival ${ms(e.readerLagMs!)} after the last write`
      : '';
    return `  final seq ${e.seq} (${e.viewers} viewers): spread p50 ${ms(e.spreadP50)}, p99 ${ms(e.spreadP99)}, max ${ms(e.spreadMax)}${server}`;
  });
  const bus =
    figures.sinceBusP99 === null ? '' : `; off the bus → arrival p99 ${ms(figures.sinceBusP99)}; an instance's CPU per socket written ${figures.cpuPerSocketUs!.toFixed(1)} µs (median)`;
  return [`  over all ${figures.events.length} finals: spread p50 ${ms(figures.spreadP50)}, p99 ${ms(figures.spreadP99)}${bus}`, ...lines];
}
