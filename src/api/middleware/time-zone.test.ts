import { describe, expect, it } from 'vitest';
import { timeZoneMiddleware } from './time-zone';

async function headerOf(getTimeZone: Parameters<typeof timeZoneMiddleware>[0]) {
  const request = new Request('http://parley.test/prod-api/x', { method: 'POST' });
  const onRequest = timeZoneMiddleware(getTimeZone).onRequest!;
  await onRequest({ request } as Parameters<typeof onRequest>[0]);
  return request.headers.get('X-Time-Zone');
}

describe('timeZoneMiddleware', () => {
  it('waits for a zone resolved elsewhere (a worker) and sends it', async () => {
    let answer: (zone: string) => void = () => undefined;
    const pending = headerOf(() => new Promise<string>((resolve) => (answer = resolve)));
    answer('Asia/Shanghai');
    expect(await pending).toBe('Asia/Shanghai');
  });

  it('sends a zone known at once, and none when the runtime names none', async () => {
    expect(await headerOf(() => 'Europe/Paris')).toBe('Europe/Paris');
    expect(await headerOf(() => null)).toBeNull();
  });
});
