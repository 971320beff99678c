import { describe, expect, it } from 'vitest';
import { TIER_RULES } from '../entitlements/tier-rules';
import { mayUseMeetingFeature, meetingLanguageLimits } from './meeting-permissions';

describe('meeting permissions read the tier table', () => {
  it('lets only SVIP hosts invite and cast, and no visitor', () => {
    for (const feature of ['inviteMeeting', 'screenCasting'] as const) {
      expect(mayUseMeetingFeature({ is_visitor: 0 }, TIER_RULES.svip, feature)).toBe(true);
      expect(mayUseMeetingFeature({ is_visitor: 1 }, TIER_RULES.svip, feature)).toBe(false);
      for (const tier of ['none', 'duration', 'vip'] as const) expect(mayUseMeetingFeature({ is_visitor: 0 }, TIER_RULES[tier], feature)).toBe(false);
    }
  });

  it('allows 2/2/10 recognition and 2/2/4 interpretation languages', () => {
    expect(meetingLanguageLimits(TIER_RULES.duration)).toEqual({ recognition: 2, interpretation: 2 });
    expect(meetingLanguageLimits(TIER_RULES.vip)).toEqual({ recognition: 2, interpretation: 2 });
    expect(meetingLanguageLimits(TIER_RULES.svip)).toEqual({ recognition: 10, interpretation: 4 });
  });
});
