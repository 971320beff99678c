// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, speakerCount } from './format';

describe('record field formats', () => {
  it('formats durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('reads the speaker JSON text', () => {
    expect(speakerCount('{"enabled":true,"maxSpeakers":4}')).toBe(4);
    expect(speakerCount('{"enabled":false,"maxSpeakers":4}')).toBeNull();
    expect(speakerCount('not json')).toBeNull();
  });

  it('formats times in the local zone and tolerates junk', () => {
    expect(formatDateTime(new Date(2025, 0, 2, 3, 4).toISOString())).toBe('2025-01-02 03:04');
    expect(formatDateTime('nope')).toBe('—');
  });
});
