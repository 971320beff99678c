// Issue 27, the built app on the wire: a hashed asset goes as its build-time .br or .gz sibling when
// the browser accepts one (and as itself otherwise), cached for a year; the page is never stored and
// is compressed per answer, on every route that answers it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sqliteTestConfig, tempDataDir } from '../../testing/test-config';
import { HASHED_ASSET_CACHE, PAGE_CACHE, UNHASHED_FILE_CACHE } from './web-static';

const SCRIPT = `console.log(${JSON.stringify('parley '.repeat(400))});\n`;
// Over the compression threshold, as a real page with its tags and nonces may be.
const PAGE = `<!doctype html><title>Parley shell</title><meta property="csp-nonce" nonce="PARLEY_CSP_NONCE">${'<!-- padding -->'.repeat(120)}`;
const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** A build as Vite leaves it: the page, a hashed script with its siblings, an unhashed icon. */
function builtWebDir(): string {
  const webDir = tempDataDir();
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), PAGE);
  const script = path.join(webDir, 'assets', 'x-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return webDir;
}

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the built app on the wire', () => {
  const config = sqliteTestConfig({ webDir: builtWebDir() });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(config);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.webDir, { recursive: true, force: true });
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset as its .br or .gz sibling when accepted, as itself otherwise, always varying on Accept-Encoding', async () => {
    const br = await get('/assets/x-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(decoded('br', br.rawPayload)).toBe(SCRIPT);

    const gzip = await get('/assets/x-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded('gzip', gzip.rawPayload)).toBe(SCRIPT);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get('/assets/x-abc123.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('lets hashed assets be cached for a year without revalidation, unhashed files briefly, and never stores the page', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/x-abc123.js', { 'accept-encoding': encoding });
      expect(asset.headers['cache-control'], encoding).toBe(HASHED_ASSET_CACHE);
    }
    expect(HASHED_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe(UNHASHED_FILE_CACHE);
    expect(UNHASHED_FILE_CACHE).toMatch(/^public, max-age=\d+$/);
    for (const route of ['/', '/index.html', '/login', '/recordList?page=2']) {
      const page = await get(route, { accept: HTML });
      expect(page.statusCode, route).toBe(200);
      expect(page.headers['cache-control'], route).toBe(PAGE_CACHE);
    }
  });

  it('compresses the page per answer (it carries this answer’s nonce) on every route that answers it', async () => {
    for (const route of ['/', '/index.html', '/login', '/user/profile?x=1']) {
      for (const encoding of ['br', 'gzip']) {
        const page = await get(route, { accept: HTML, 'accept-encoding': encoding });
        expect(page.headers['content-encoding'], `${route} ${encoding}`).toBe(encoding);
        const html = decoded(encoding, page.rawPayload);
        expect(html).toContain('Parley shell');
        expect(html).not.toContain('PARLEY_CSP_NONCE');
      }
      const plain = await get(route, { accept: HTML });
      expect(plain.headers['content-encoding'], route).toBeUndefined();
      expect(plain.body).toContain('Parley shell');
    }
  });

  it('never sends the page’s placeholder through a compressed sibling', async () => {
    for (const url of ['/index.html.br', '/index.html.gz']) {
      const answer = await get(url, { accept: HTML, 'accept-encoding': 'br, gzip' });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
