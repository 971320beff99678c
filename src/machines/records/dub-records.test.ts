// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isFailed, isRunning } from './recordList.rules';
import { recordPath, type RecordView } from '../../shared/contract/record';

const base: RecordView = { id: 'r 1', showName: 'talk', state: 'transcription_completed', languages: [], targetLanguages: [], createTime: '2026-11-24' };
const dub = (state: 'translating' | 'translated' | 'dubbing' | 'dubbed' | 'failed'): RecordView => ({
  ...base,
  recordType: 'dubbing',
  dub: { state, progress: null, overall: null, step: null, expired: false, errorMessage: null },
});

describe('dubbing records', () => {
  it('open in the dub editor; other records on their transcript page', () => {
    expect(recordPath({ id: 'r 1', recordType: 'dubbing' })).toBe('/dub?id=r%201');
    expect(recordPath({ id: 'r 1', recordType: 'upload' })).toBe('/meetingDetail?id=r%201');
    expect(recordPath({ id: 'r1' })).toBe('/meetingDetail?id=r1');
  });

  it('are read again while their pipeline runs, and never offered the transcript Retry', () => {
    expect((['translating', 'translated', 'dubbing', 'dubbed', 'failed'] as const).map((state) => isRunning(dub(state)))).toEqual([true, true, true, false, false]);
    expect(isFailed({ ...dub('failed'), state: 'transcription_err' })).toBe(false);
    expect(isFailed({ ...base, state: 'transcription_err' })).toBe(true);
  });
});
