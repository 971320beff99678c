// Issue 27: the page served for a signed-in first page names that page's chunks (and every chunk they
// import) and its locale texts, so the browser fetches them with the HTML; so does a sign-in page for a
// visitor without a session. Other addresses get the page as built.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sqliteTestConfig, tempDataDir } from '../../testing/test-config';
import { firstLanguageTag } from './page-preloads';

const PAGE = [
  '<!doctype html><html><head><title>Parley shell</title>',
  '<meta property="csp-nonce" nonce="PARLEY_CSP_NONCE">',
  '<script type="module" crossorigin src="/assets/index-e1.js" nonce="PARLEY_CSP_NONCE"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-r1.js" nonce="PARLEY_CSP_NONCE">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/** The shape of Vite's manifest: pages by source path, shared chunks by `_file`, the entry as index.html. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', name: 'index', src: 'index.html', isEntry: true, imports: ['_rolldown-runtime-r1.js'], dynamicImports: ['_client-c1.js'] },
  '_rolldown-runtime-r1.js': { file: 'assets/rolldown-runtime-r1.js', name: 'rolldown-runtime' },
  'src/routes/main-layout.route.tsx': { file: 'assets/main-layout.route-m1.js', src: 'src/routes/main-layout.route.tsx', isDynamicEntry: true, imports: ['index.html', '_dialog-d1.js'] },
  'src/routes/records/record-list.route.tsx': {
    file: 'assets/record-list.route-l1.js',
    src: 'src/routes/records/record-list.route.tsx',
    isDynamicEntry: true,
    imports: ['_rolldown-runtime-r1.js', 'index.html', '_record-list-page-p1.js'],
  },
  '_record-list-page-p1.js': { file: 'assets/record-list-page-p1.js', name: 'record-list-page', imports: ['_dialog-d1.js'], css: ['assets/RecordCells-s1.css'] },
  '_dialog-d1.js': { file: 'assets/dialog-d1.js', name: 'dialog' },
  'src/ui/theme-more-recipes.ts': { file: 'assets/theme-more-recipes-t1.js', src: 'src/ui/theme-more-recipes.ts', isDynamicEntry: true },
  '_client-c1.js': { file: 'assets/client-c1.js', name: 'client', imports: ['_envelope-v1.js'] },
  '_envelope-v1.js': { file: 'assets/envelope-v1.js', name: 'envelope' },
  'src/routes/dub-editor/dub-editor.route.tsx': { file: 'assets/dub-editor.route-b1.js', src: 'src/routes/dub-editor/dub-editor.route.tsx', isDynamicEntry: true },
  'src/routes/dub-editor/task-editor.tsx': { file: 'assets/task-editor-k1.js', src: 'src/routes/dub-editor/task-editor.tsx', isDynamicEntry: true, css: ['assets/task-editor-k2.css'] },
  '_sign-in-g1.js': { file: 'assets/sign-in-g1.js', name: 'sign-in', imports: ['_rolldown-runtime-r1.js', '_libraries-x1.js', 'index.html'] },
  '_libraries-x1.js': { file: 'assets/libraries-x1.js', name: 'libraries', imports: ['index.html'] },
  'src/routes/session/register.route.tsx': { file: 'assets/register.route-g2.js', src: 'src/routes/session/register.route.tsx', isDynamicEntry: true, imports: ['_sign-in-g1.js', 'index.html'] },
  'src/routes/shell/help.route.tsx': { file: 'assets/help.route-h1.js', src: 'src/routes/shell/help.route.tsx', isDynamicEntry: true },
};

function builtWebDir(): string {
  const webDir = tempDataDir();
  fs.mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const locale of ['en-US', 'zh-TW']) {
    fs.mkdirSync(path.join(webDir, 'assets', 'locales', 'h4sh', locale), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'assets', 'locales', 'h4sh', locale, 'common.json'), '{}');
  }
  return webDir;
}

const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);
const fetchPreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((match) => match[1]);

describe('preload hints in the served page', () => {
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
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } });
  const signedIn = { cookie: 'Admin-Token=t0k3n' };

  it("/recordList names its chunks, what they import, the theme and the API client, and its texts, once each and with the page's nonce", async () => {
    const answer = await page('/recordList?folder=1', { ...signedIn, 'accept-language': 'en-US,en;q=0.9' });
    expect(answer.statusCode).toBe(200);
    const html = answer.body;
    const scripts = modulePreloads(html);
    expect(scripts).toEqual(
      expect.arrayContaining([
        '/assets/main-layout.route-m1.js',
        '/assets/record-list.route-l1.js',
        '/assets/record-list-page-p1.js',
        '/assets/dialog-d1.js',
        '/assets/theme-more-recipes-t1.js',
        '/assets/client-c1.js',
        '/assets/envelope-v1.js',
      ]),
    );
    // The runtime once (as built), the entry never (its <script> fetches it), nothing twice, no other page.
    expect(scripts.filter((file) => file === '/assets/rolldown-runtime-r1.js')).toHaveLength(1);
    expect(scripts).not.toContain('/assets/index-e1.js');
    expect(new Set(scripts).size).toBe(scripts.length);
    expect(scripts).not.toContain('/assets/help.route-h1.js');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/RecordCells-s1.css"');
    // Its texts in one file: the eager namespaces and the page's own (src/shared/contract/first-pages.ts).
    expect(fetchPreloads(html)).toEqual(['/assets/locales/h4sh/en-US/first/recordList.json']);
    // Every hint carries this answer's nonce, the one its CSP names; and they sit in <head>.
    const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const hints = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((match) => match[0]);
    expect(hints.every((hint) => hint.includes(`nonce="${nonce}"`))).toBe(true);
    expect(html.lastIndexOf('<link rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it("the texts are the locale the browser's first language asks for", async () => {
    const html = (await page('/recordList', { ...signedIn, 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' })).body;
    expect(fetchPreloads(html)).toEqual(['/assets/locales/h4sh/zh-TW/first/recordList.json']);
    expect(firstLanguageTag('zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(firstLanguageTag('fr;q=0.8')).toBe('fr');
    expect(firstLanguageTag(undefined)).toBeUndefined();
  });

  it("/dub names the editor's code only when the address names a task (without one the page is a notice)", async () => {
    const withTask = (await page('/dub?id=task-1', signedIn)).body;
    expect(modulePreloads(withTask)).toEqual(expect.arrayContaining(['/assets/dub-editor.route-b1.js', '/assets/task-editor-k1.js']));
    expect(withTask).toContain('href="/assets/task-editor-k2.css"');
    const noTask = (await page('/dub', signedIn)).body;
    expect(modulePreloads(noTask)).toContain('/assets/dub-editor.route-b1.js');
    expect(modulePreloads(noTask)).not.toContain('/assets/task-editor-k1.js');
    expect(noTask).not.toContain('task-editor-k2.css');
  });

  it('no hints for an address that is no first page, nor for a visitor without a session (sent to sign in)', async () => {
    for (const [url, headers] of [['/no-such-page', signedIn], ['/help', signedIn], ['/', signedIn], ['/recordList', {}]] as const) {
      const html = (await page(url, headers)).body;
      expect(html, url).toContain('Parley shell');
      expect(modulePreloads(html), url).toEqual(['/assets/rolldown-runtime-r1.js']);
      expect(fetchPreloads(html), url).toEqual([]);
    }
  });

  it('/login and /register without a session name the sign-in chunk, what it imports and the texts every page loads first', async () => {
    const login = (await page('/login?redirect=%2FrecordList', { 'accept-language': 'zh-CN' })).body;
    expect(modulePreloads(login)).toEqual(['/assets/rolldown-runtime-r1.js', '/assets/sign-in-g1.js', '/assets/libraries-x1.js']);
    expect(fetchPreloads(login)).toEqual(['/assets/locales/h4sh/zh-CN/first/eager.json']);
    const register = (await page('/register')).body;
    expect(modulePreloads(register)).toEqual(
      expect.arrayContaining(['/assets/register.route-g2.js', '/assets/sign-in-g1.js', '/assets/libraries-x1.js']),
    );
    // With a session a sign-in page gets no hints: where such a visit goes is the session's to decide.
    expect(modulePreloads((await page('/login', signedIn)).body)).toEqual(['/assets/rolldown-runtime-r1.js']);
  });

  it('the manifest the hints are read from is not served', async () => {
    const answer = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(answer.statusCode).toBe(404);
  });
});
