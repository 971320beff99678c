import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { mayUseMeetingFeature, requireMeetingFeature } from './meeting-permissions';

const user = (isVisitor: number) => ({ id: 'u', is_visitor: isVisitor }) as unknown as UserRow;

describe('meeting permissions (SVIP features, tiers not built yet)', () => {
  it('lets every signed-in host invite and cast, and no visitor', () => {
    for (const feature of ['inviteMeeting', 'screenCasting'] as const) {
      expect(mayUseMeetingFeature(user(0), feature)).toBe(true);
      expect(mayUseMeetingFeature(user(1), feature)).toBe(false);
      expect(() => requireMeetingFeature(user(1), feature)).toThrow(expect.objectContaining({ code: 403, messageKey: 'live:featureNotAllowed' }));
    }
  });
});
