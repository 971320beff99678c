import { describe, expect, it } from 'vitest';
import { codeToKeep, inviteDeadline, inviteRefusal, inviteStillAdmits, newInviteCode, toInvitationView } from './meeting-invites';
import type { MeetingRow } from './meeting-tables';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const row = (changes: Partial<MeetingRow> = {}) =>
  ({ state: 'in_progress', invite_status: '1', invite_code: 'c0de', invite_expires_at: '2025-03-01T11:00:00.000Z', ...changes }) as MeetingRow;

describe('meeting invitation rules', () => {
  it('admits while open, unexpired and the meeting not ended; says closed or expired otherwise', () => {
    expect(inviteRefusal(row(), NOW)).toBeNull();
    expect(inviteRefusal(row({ invite_expires_at: null }), NOW)).toBeNull();
    expect(inviteRefusal(row({ invite_status: '0' }), NOW)).toBe('inviteClosed');
    expect(inviteRefusal(row({ invite_code: null }), NOW)).toBe('inviteClosed');
    expect(inviteRefusal(row({ state: 'ended', invite_expires_at: null }), NOW)).toBe('inviteClosed');
    // The deadline itself no longer admits.
    expect(inviteRefusal(row({ invite_expires_at: NOW.toISOString() }), NOW)).toBe('inviteExpired');
  });

  it('keeps a connection only while the invitation it came by is the current one', () => {
    expect(inviteStillAdmits(row(), 'c0de', NOW)).toBeNull();
    expect(inviteStillAdmits(row(), 'older', NOW)).toBe('inviteClosed');
    expect(inviteStillAdmits(undefined, 'c0de', NOW)).toBe('inviteClosed');
  });

  it('keeps the code of an unexpired invitation unless renewed, and counts the expiry from now', () => {
    expect(codeToKeep(row({ invite_status: '0' }), NOW, false)).toBe('c0de');
    expect(codeToKeep(row(), NOW, true)).toBeNull();
    expect(codeToKeep(row({ invite_expires_at: '2025-03-01T09:59:59.000Z' }), NOW, false)).toBeNull();
    expect(codeToKeep(row({ invite_code: null }), NOW, false)).toBeNull();
    expect(inviteDeadline('1h', NOW)).toBe('2025-03-01T11:00:00.000Z');
    expect(inviteDeadline('7d', NOW)).toBe('2025-03-08T10:00:00.000Z');
    expect(inviteDeadline('meetingEnd', NOW)).toBeNull();
  });

  it('makes unguessable URL-safe codes and shows the host the invitation', () => {
    const codes = new Set(Array.from({ length: 100 }, newInviteCode));
    expect(codes.size).toBe(100);
    for (const code of codes) expect(code).toMatch(/^[\w-]{32}$/);
    expect(toInvitationView(row({ invite_code: null }), NOW)).toBeNull();
    expect(toInvitationView(row(), NOW)).toEqual({ url: '/meetingShare?invite=c0de', open: true, expireTime: '2025-03-01T11:00:00.000Z', expired: false });
    expect(toInvitationView(row({ invite_status: '0', invite_expires_at: '2025-03-01T09:00:00.000Z' }), NOW)).toMatchObject({ open: false, expired: false });
  });
});
