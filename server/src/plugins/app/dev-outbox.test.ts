// The outbox page exists in development only; the e2e test reads codes from its JSON.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/start-test-server';

describe('development outbox', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('lists the latest messages newest first, as JSON and as a page', async () => {
    server = await startTestServer({ nodeEnv: 'development' });
    for (const email of ['first@example.com', 'second@example.com']) {
      await fetch(`${server.url}/prod-api/auth/c/getValidCode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, scene: 'register' }),
      });
    }
    const list = (await fetch(`${server.url}/dev/outbox.json`).then((r) => r.json())) as Array<Record<string, string>>;
    expect(list.map((m) => m.target)).toEqual(['second@example.com', 'first@example.com']);
    expect(Object.keys(list[0]!).sort()).toEqual(['body', 'channel', 'createdAt', 'subject', 'target']);
    expect(list[0]!.body).toMatch(/\b\d{6}\b/);
    const page = await fetch(`${server.url}/dev/outbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('second@example.com');
  });

  it('does not exist outside development', async () => {
    server = await startTestServer({ nodeEnv: 'production' });
    const answer = await fetch(`${server.url}/dev/outbox.json`);
    // Outside development the path is an ordinary client route, never the outbox.
    expect(await answer.text()).not.toContain('"target"');
  });
});
