// The built client and the API share one port; client routes (history mode) get index.html.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/start-test-server';
import { tempDataDir } from '../../testing/test-config';

describe('web app serving', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('serves files, falls back to index.html for client routes, keeps /prod-api as JSON', async () => {
    const webDir = tempDataDir();
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Parley shell</title>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({ webDir });

    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app")');

    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const route of ['/', '/login', '/user/profile?x=1', '/cast/123456']) {
      const page = await fetch(`${server.url}${route}`, { headers: html });
      expect(page.status, route).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('Parley shell');
    }

    const api = await fetch(`${server.url}/prod-api/unknown`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 404 });
    const post = await fetch(`${server.url}/login`, { method: 'POST' });
    expect(post.status).toBe(404);
    // Issue 9: a missing file is a 404, even for a browser asking for HTML; the page is for navigations only.
    for (const missing of ['/assets/x.js', '/assets/x.css', '/logo.png']) {
      const answer = await fetch(`${server.url}${missing}`, { headers: html });
      expect(answer.status, missing).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 404 });
    }
    const script = await fetch(`${server.url}/login`, { headers: { accept: '*/*' } });
    expect(script.status).toBe(404);
    // index.html is only ever served with its placeholder replaced.
    const index = await fetch(`${server.url}/index.html`, { headers: html });
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(await index.text()).toContain('Parley shell');
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('without a build, pages say to run npm run build (translated) while the API still works', async () => {
    server = await startTestServer({ webDir: path.join(tempDataDir(), 'missing') });
    // (startTestServer otherwise serves the repository's dist/web.)
    const page = await fetch(`${server.url}/login`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('npm run build');
    const zh = await fetch(`${server.url}/`, { headers: { 'accept-language': 'zh-CN', accept: 'text/html' } });
    expect(await zh.text()).toContain('网页应用尚未构建');
    const api = await fetch(`${server.url}/prod-api/auth/visitorlogin`, { method: 'POST' });
    expect((await api.json()).code).toBe(200);
  });
});
