// Peak resident memory of this process plus its child processes (ffmpeg, espeak-ng, pocketsphinx,
// apertium), sampled from /proc every interval: children are where a streaming pipeline's memory
// goes, so the node heap alone would understate it. Linux only; elsewhere children count as 0.
import fs from 'node:fs';

function rssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const list = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (list) children = children.concat(list.split(/\s+/).map(Number));
    }
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

export function trackPeakMemory(intervalMs = 100): { stop(): { peakMb: number; peakNodeMb: number } } {
  let peakKb = 0;
  let peakNodeKb = 0;
  const sample = () => {
    const own = rssKb(process.pid) || process.memoryUsage().rss / 1024;
    const total = own + descendants(process.pid).reduce((sum, pid) => sum + rssKb(pid), 0);
    peakKb = Math.max(peakKb, total);
    peakNodeKb = Math.max(peakNodeKb, own);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakMb: peakKb / 1024, peakNodeMb: peakNodeKb / 1024 };
    },
  };
}
