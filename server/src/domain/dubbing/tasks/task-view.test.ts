// The whole-run percent the records list shows for a dubbing task (issue 25: a record read
// "Dubbing · 100%" for 15 s while the mix still ran, because the list showed the step's percent).
import { describe, expect, it } from 'vitest';
import { overallOf, overallPercent } from './task-view';

describe('overallOf', () => {
  it('reads 100 only once dubbed, and nothing for a failed task', () => {
    expect(overallOf({ state: 'dubbed', progress: null, iteration_count: 1, record_progress: null })).toBe(100);
    expect(overallOf({ state: 'failed', progress: 40, iteration_count: 0, record_progress: 40 })).toBeNull();
  });
  it('takes a first dub’s percent from its record, not from the step that just reached 100%', () => {
    const voicesDone = overallPercent('dub', 1);
    expect(voicesDone).toBeLessThan(100);
    expect(overallOf({ state: 'dubbing', progress: 100, iteration_count: 0, record_progress: voicesDone })).toBe(voicesDone);
    // The last step at 100% still reads 99 until the task row says dubbed.
    expect(overallOf({ state: 'dubbing', progress: 100, iteration_count: 0, record_progress: overallPercent('burnIn', 1) })).toBe(99);
  });
  it('takes a re-dub’s percent from its task (it spans the run), held below 100 while running', () => {
    expect(overallOf({ state: 'dubbing', progress: 42, iteration_count: 2, record_progress: null })).toBe(42);
    expect(overallOf({ state: 'dubbing', progress: 100, iteration_count: 2, record_progress: null })).toBe(99);
    expect(overallOf({ state: 'translating', progress: null, iteration_count: 0, record_progress: null })).toBe(0);
  });
});
