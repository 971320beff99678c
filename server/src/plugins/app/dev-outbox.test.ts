// The outbox page exists in development only; the e2e test reads codes from its JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    // A built client of its own, so the answer of a client route is known exactly.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
    const index = '<!doctype html><title>Parley</title><div id="root" data-test="client-app"></div>';
    fs.writeFileSync(path.join(webDir, 'index.html'), index);
    try {
      server = await startTestServer({ nodeEnv: 'production', webDir });
      // A message in the outbox, which an outbox page would list.
      const sent = await fetch(`${server.url}/prod-api/auth/c/getValidCode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'prod@example.com', scene: 'register' }),
      });
      expect(sent.status).toBe(200);
      // Outside development the JSON path is an unknown file (404 in the envelope) and the page path
      // an ordinary client route: a navigation gets the app's index.html, never the outbox.
      for (const accept of ['application/json', 'text/html']) {
        const json = await fetch(`${server.url}/dev/outbox.json`, { headers: { accept } });
        expect(json.status, accept).toBe(404);
        const text = await json.text();
        expect(JSON.parse(text), accept).toMatchObject({ code: 404 });
        expect(text, accept).not.toContain('prod@example.com');
      }
      const page = await fetch(`${server.url}/dev/outbox`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toBe(index);
    } finally {
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
