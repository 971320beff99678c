// CPU time of this process and its finished child processes (ffmpeg, espeak-ng, apertium…), from
// /proc/self/stat (utime, stime, cutime, cstime). On a machine shared with other work, CPU time over
// the media's duration is steadier than wall time: waiting for a core does not count. Linux only;
// elsewhere children count as 0.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

function childrenSeconds(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 0, so utime..cstime are 11..14.
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds (node user + system, plus every child waited for) spent from now until stop(). */
export function trackCpuTime(): { stop(): { nodeSeconds: number; childSeconds: number } } {
  const node = process.cpuUsage();
  const children = childrenSeconds();
  return {
    stop() {
      const used = process.cpuUsage(node);
      return { nodeSeconds: (used.user + used.system) / 1e6, childSeconds: childrenSeconds() - children };
    },
  };
}

/** CPU seconds (user + system, every thread) another process has used so far; 0 when it cannot be read. */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
