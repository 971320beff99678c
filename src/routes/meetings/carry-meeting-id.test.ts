// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { carryMeetingId } from './carry-meeting-id';

describe('carryMeetingId', () => {
  it('keeps the meetingId of the previous location when the next has none', () => {
    expect(carryMeetingId({ pathname: '/meeting', search: '?meetingId=42' }, { pathname: '/meetingDetail', search: '' })).toBe(
      '?meetingId=42',
    );
  });

  it('adds it beside the other query parameters of the next location', () => {
    expect(
      carryMeetingId({ pathname: '/meeting', search: '?meetingId=42&x=1' }, { pathname: '/login', search: '?redirect=%2Fmeeting' }),
    ).toBe('?redirect=%2Fmeeting&meetingId=42');
  });

  it('does not carry it to /screenProjection', () => {
    expect(carryMeetingId({ pathname: '/meeting', search: '?meetingId=42' }, { pathname: '/screenProjection', search: '' })).toBeNull();
  });

  it('leaves a next location that has its own meetingId alone', () => {
    expect(carryMeetingId({ pathname: '/meeting', search: '?meetingId=42' }, { pathname: '/meeting', search: '?meetingId=7' })).toBeNull();
  });

  it('does nothing without a previous meetingId or previous location', () => {
    expect(carryMeetingId({ pathname: '/', search: '?a=1' }, { pathname: '/meeting', search: '' })).toBeNull();
    expect(carryMeetingId(null, { pathname: '/meeting', search: '' })).toBeNull();
  });
});
