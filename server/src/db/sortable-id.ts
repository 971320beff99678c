// Ids that sort in creation order (time, then a per-process counter, then randomness), used as the
// tie-breaker when two rows share a timestamp — "the newest code" must be unambiguous.
import { randomFillSync } from 'node:crypto';

let lastMillis = 0;
let counter = 0;

// Random bytes are drawn a pool at a time (as crypto.randomUUID does): one call into the system's
// generator per 512 ids instead of one per id, which cost ~40 µs of a ledger write on a busy server.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

function randomHex(bytes: number): string {
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}

export function sortableId(): string {
  const now = Date.now();
  if (now === lastMillis) counter += 1;
  else {
    lastMillis = now;
    counter = 0;
  }
  return `${now.toString(16).padStart(12, '0')}-${counter.toString(16).padStart(6, '0')}-${randomHex(8)}`;
}
