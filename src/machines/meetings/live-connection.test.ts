import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, readToken, writeToken } from '../../shared/session-storage';
import { ensureToken, liveClientId, socketUrlFor } from './live-connection';

afterEach(() => clearToken());

describe('live connection', () => {
  it('keeps one client id per tab and puts it with the token in the socket address', () => {
    const id = liveClientId();
    expect(liveClientId()).toBe(id);
    writeToken('tok-1');
    const url = new URL(socketUrlFor('m 1', 'https://parley.example'));
    expect(url.protocol).toBe('wss:');
    expect(url.pathname).toBe('/prod-api/ws/meeting/m%201');
    expect(url.searchParams.get('token')).toBe('tok-1');
    expect(url.searchParams.get('clientId')).toBe(id);
  });

  it('uses the stored token, or stores a visitor token, or gives null when the login fails', async () => {
    const login = vi.fn(async () => 'visitor-1');
    expect(await ensureToken(login)).toBe('visitor-1');
    expect(readToken()).toBe('visitor-1');
    expect(await ensureToken(login)).toBe('visitor-1');
    expect(login).toHaveBeenCalledTimes(1);
    clearToken();
    expect(await ensureToken(async () => Promise.reject(new Error('offline')))).toBeNull();
  });
});
