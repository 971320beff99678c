import { describe, expect, it, vi } from 'vitest';
import { timeZoneMiddleware } from './time-zone';

async function headerOf(method: string, source: Parameters<typeof timeZoneMiddleware>[0]) {
  const request = new Request('http://parley.test/prod-api/x', { method });
  const onRequest = timeZoneMiddleware(source).onRequest!;
  await onRequest({ request } as Parameters<typeof onRequest>[0]);
  return request.headers.get('X-Time-Zone');
}

describe('timeZoneMiddleware', () => {
  it('resolves the zone for every call that changes something, so it is fixed before any metered use', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const source = { resolve: vi.fn(() => 'Asia/Shanghai'), ifResolved: vi.fn(() => null) };
      expect(await headerOf(method, source)).toBe('Asia/Shanghai');
      expect(source.resolve).toHaveBeenCalledOnce();
    }
  });

  it('sends a read the zone once known, and never resolves it for a read (a long task at start-up)', async () => {
    const unknown = { resolve: vi.fn(() => 'Asia/Shanghai'), ifResolved: vi.fn(() => null) };
    expect(await headerOf('GET', unknown)).toBeNull();
    expect(unknown.resolve).not.toHaveBeenCalled();
    const known = { resolve: vi.fn(() => 'Asia/Shanghai'), ifResolved: vi.fn(() => 'Europe/Paris') };
    expect(await headerOf('GET', known)).toBe('Europe/Paris');
    expect(known.resolve).not.toHaveBeenCalled();
  });
});
