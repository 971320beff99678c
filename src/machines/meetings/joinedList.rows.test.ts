// @vitest-environment node
// The host's joined list: the server's join records (leave times, the end) with live messages over them.
import { describe, expect, it } from 'vitest';
import type { JoinRecord } from '../../api/meetings/meeting-types';
import { joinedRows, presentCount } from './joinedList.rows';

const record = (over: Partial<JoinRecord>): JoinRecord => ({
  index: 1,
  userId: 'p-1',
  userName: 'Lucía',
  translationLanguage: 'es-ES',
  joinTime: '2025-01-01T10:00:00Z',
  leaveTime: null,
  ...over,
});

describe('joinedRows', () => {
  it('keeps the leave times the records hold, which the host socket never heard (closed by the end)', () => {
    const records = [record({ leaveTime: '2025-01-01T10:30:00Z' }), record({ index: 2, userId: 'p-2', userName: 'Ann', joinTime: '2025-01-01T10:05:00Z', leaveTime: '2025-01-01T10:30:00Z' })];
    const live = [{ userId: 'p-1', userName: 'Lucía', translationLanguage: 'es-ES', joinTime: '2025-01-01T10:00:00Z', leaveTime: null }];
    const rows = joinedRows(records, live);
    expect(rows.map((row) => [row.userName, row.leaveTime])).toEqual([
      ['Lucía', '2025-01-01T10:30:00Z'],
      ['Ann', '2025-01-01T10:30:00Z'],
    ]);
    expect(presentCount(rows)).toBe(0);
  });

  it('lays live joins, language changes and leaves over the records, one row per join, by join time', () => {
    const records = [record({})];
    const live = [
      { userId: 'p-3', userName: 'Mei', translationLanguage: 'zh-TW', joinTime: '2025-01-01T10:09:00Z', leaveTime: null },
      { userId: 'p-1', userName: 'Lucía', translationLanguage: 'fr-FR', joinTime: '2025-01-01T10:00:00Z', leaveTime: '2025-01-01T10:10:00Z' },
      // Lucía came back: a second join.
      { userId: 'p-1', userName: 'Lucía', translationLanguage: 'fr-FR', joinTime: '2025-01-01T10:12:00Z', leaveTime: null },
    ];
    const rows = joinedRows(records, live);
    expect(rows.map((row) => [row.userName, row.translationLanguage, row.joinTime, row.leaveTime])).toEqual([
      ['Lucía', 'fr-FR', '2025-01-01T10:00:00Z', '2025-01-01T10:10:00Z'],
      ['Mei', 'zh-TW', '2025-01-01T10:09:00Z', null],
      ['Lucía', 'fr-FR', '2025-01-01T10:12:00Z', null],
    ]);
    expect(presentCount(rows)).toBe(2);
  });
});
