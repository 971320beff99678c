// Ids sort in creation order and stay unique across refills of the random pool.
import { describe, expect, it } from 'vitest';
import { sortableId } from './sortable-id';

describe('sortableId', () => {
  it('is unique and in creation order over many pools of randomness', () => {
    const ids = Array.from({ length: 5_000 }, () => sortableId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 10)) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-f]{6}-[0-9a-f]{16}$/);
    // The random parts differ (not one pool slice handed out twice).
    expect(new Set(ids.map((id) => id.slice(-16))).size).toBe(ids.length);
  });
});
