// Issue 9: security headers on every answer, a fresh nonce per page written into index.html, HSTS
// and upgrade-insecure-requests only behind the TLS proxy TRUST_PROXY_TLS announces.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../../../src/shared/contract/csp';
import { startTestServer, type TestServer } from '../../testing/start-test-server';
import { tempDataDir } from '../../testing/test-config';
import { DOCUMENT_ONLY_HEADERS, isBuiltSubresource } from './security-headers';

describe('security headers', () => {
  let server: TestServer | null = null;
  const dirs: string[] = [];
  afterEach(async () => {
    await server?.close();
    server = null;
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function webDir(): string {
    const dir = tempDataDir();
    dirs.push(dir);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/a.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head>`,
    );
    return dir;
  }

  it('pages and API answers carry a strict CSP, nosniff, frame-ancestors none, referrer and permissions policies; no HSTS on plain http', async () => {
    server = await startTestServer({ webDir: webDir() });
    const page = await fetch(`${server.url}/recordList`, { headers: { accept: 'text/html' } });
    const api = await fetch(`${server.url}/prod-api/auth/visitorlogin`, { method: 'POST' });
    for (const answer of [page, api]) {
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
      expect(answer.headers.get('permissions-policy')).toContain('microphone=(self)');
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    // The page's nonce is the policy's, and it changes with every page.
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')![1]!;
    const html = await page.text();
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(html.split(`nonce="${nonce}"`)).toHaveLength(3);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const again = await fetch(`${server.url}/recordList`, { headers: { accept: 'text/html' } });
    expect(await again.text()).not.toContain(nonce);
  });

  it("built scripts, styles and texts leave out the document-only headers; pages, workers and SVG keep them", async () => {
    const dir = webDir();
    fs.mkdirSync(path.join(dir, 'assets', 'locales', 'h'), { recursive: true });
    for (const file of ['index-abc.js', 'index-abc.css', 'locales/h/common.json', 'time-zone.worker-abc.js', 'pcm16.worklet-abc.js', 'logo.svg']) {
      fs.writeFileSync(path.join(dir, 'assets', file), file.endsWith('.svg') ? '<svg xmlns="http://www.w3.org/2000/svg"/>' : 'x');
    }
    server = await startTestServer({ webDir: dir });
    const get = (file: string) => fetch(`${server!.url}/assets/${file}`);
    for (const file of ['index-abc.js', 'index-abc.css', 'locales/h/common.json']) {
      const answer = await get(file);
      expect(answer.status).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(answer.headers.get(name), `${name} on ${file}`).toBeNull();
      // What does apply to a script or a stylesheet stays.
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    }
    // A worker's CSP is its own policy; an SVG opened alone is a document.
    for (const file of ['time-zone.worker-abc.js', 'pcm16.worklet-abc.js', 'logo.svg']) {
      const answer = await get(file);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy'), file).toContain("script-src 'self'");
      expect(answer.headers.get('x-frame-options'), file).toBe('DENY');
    }
    expect(isBuiltSubresource('/assets/index-abc.js?v=1')).toBe(true);
    expect(isBuiltSubresource('/assets/../index.html')).toBe(false);
    expect(isBuiltSubresource('/recordList')).toBe(false);
  });

  it('TRUST_PROXY_TLS: HSTS, upgrade-insecure-requests, and the forwarded client address for per-client limits', async () => {
    server = await startTestServer({ webDir: webDir(), trustProxyTls: true });
    const answer = await fetch(`${server.url}/prod-api/auth/visitorlogin`, { method: 'POST' });
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    // Behind the proxy, per-client limits count the forwarded client, not the proxy (one attempt each here).
    await server.close();
    server = await startTestServer({ webDir: webDir(), trustProxyTls: true, clientAttemptsPerHour: 1 });
    const send = async (forwardedFor: string, username: string) =>
      JSON.parse(
        (
          await server!.app.inject({
            method: 'POST',
            url: '/prod-api/auth/c/getValidCode',
            payload: { username, scene: 'register' },
            headers: { 'x-forwarded-for': forwardedFor },
            remoteAddress: '10.0.0.1',
          })
        ).body,
      ).code as number;
    expect(await send('203.0.113.5', 'a1@example.com')).toBe(200);
    expect(await send('203.0.113.6', 'a2@example.com')).toBe(200);
    expect(await send('203.0.113.5', 'a3@example.com')).toBe(429);
  });
});
