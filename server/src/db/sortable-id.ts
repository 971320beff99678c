// Ids that sort in creation order (time, then a per-process counter, then randomness), used as the
// tie-breaker when two rows share a timestamp — "the newest code" must be unambiguous.
import { randomBytes } from 'node:crypto';

let lastMillis = 0;
let counter = 0;

export function sortableId(): string {
  const now = Date.now();
  if (now === lastMillis) counter += 1;
  else {
    lastMillis = now;
    counter = 0;
  }
  return `${now.toString(16).padStart(12, '0')}-${counter.toString(16).padStart(6, '0')}-${randomBytes(8).toString('hex')}`;
}
