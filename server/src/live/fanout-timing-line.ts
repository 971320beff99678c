// LIVE_FANOUT_TIMING=1: each stream message an instance hands to its sockets is written to stdout as
// one line, so a benchmark that started the instance (the scale-out rig) reads where the fan-out time
// goes on the server side. Off by default: nothing is timed or written.
import type { FanoutTiming } from './meeting-rooms';

const PREFIX = 'fanout-timing ';

export function fanoutTimingLine(timing: FanoutTiming): string {
  return `${PREFIX}${JSON.stringify(timing)}\n`;
}

/** Every timing line in a process's output (other output is skipped; a line cut short at the end is too). */
export function fanoutTimingsIn(output: string): FanoutTiming[] {
  const timings: FanoutTiming[] = [];
  for (const line of output.split('\n')) {
    const at = line.indexOf(PREFIX);
    if (at < 0) continue;
    try {
      timings.push(JSON.parse(line.slice(at + PREFIX.length)) as FanoutTiming);
    } catch {
      // the last line, still being written
    }
  }
  return timings;
}
