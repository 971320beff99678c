// Serves the built web app from WEB_DIR on the same port as the API. The client routes in history
// mode, so a navigation (GET/HEAD asking for text/html) outside /prod-api that is not a file answers
// index.html. Anything else that is not found — a missing /assets/x.js, an image, an API path, a
// fetch that does not accept HTML — answers 404 in the envelope, so a broken build or a typo shows
// as the error it is instead of a page parsed as script. Without a build, a short text page says how
// to make one; the API keeps working either way.
//
// On the wire (issue 27): every text file of the build has .br and .gz siblings made at build time
// (vite.config.ts), sent as they are to a browser that accepts them (preCompressed, with
// `Vary: Accept-Encoding`); the page is compressed per answer by the compress plugin (compress.ts).
// Files under /assets/ are named by their content's hash (a changed file is a new URL), so they are
// cached for a year and never revalidated; the few unhashed files (favicon) are cached briefly.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_PLACEHOLDER } from '../../../../src/shared/contract/csp';
import { TOKEN_COOKIE } from '../../../../src/shared/contract/limits';
import { API_PREFIX } from '../app/openapi-routes';
import { firstLanguageTag, preloadLinks, readBuildPreloads } from './page-preloads';

/** Hashed build files: a new build names new files, so a browser may keep these for good. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Unhashed public files (favicon.svg): the same URL may change with a build, so only briefly. */
export const UNHASHED_FILE_CACHE = 'public, max-age=3600';
/**
 * The page: never stored. It names the hashed bundles of the current build and carries a one-time
 * CSP nonce. `no-cache` would still let the browser store it and show it again without asking (on
 * back/forward navigation), reusing an old nonce with its policy; a nonce is only worth something if
 * it is never served twice, so the page stays `no-store` (it is under 1 KB and costs one request).
 */
export const PAGE_CACHE = 'no-store';

/** Whether a file the static plugin sends (its path on disk) is one of the build's hashed assets. */
function isHashedAsset(webDir: string, filePath: string): boolean {
  return path.relative(webDir, filePath).split(path.sep)[0] === 'assets';
}

function pathnameOf(url: string): string {
  return url.split('?')[0] ?? '';
}

function isApiPath(url: string): boolean {
  const pathname = pathnameOf(url);
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/** Bundles, images and other files have an extension; client routes do not. */
function looksLikeFile(url: string): boolean {
  const pathname = pathnameOf(url);
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(pathname.split('/').pop() ?? '');
}

/** Whether the visitor holds a session cookie (not whether it is valid: the client decides that too). */
function hasSessionCookie(request: FastifyRequest): boolean {
  return !!request.cookies?.[TOKEN_COOKIE];
}

function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || (accept.includes('*/*') && request.headers['sec-fetch-dest'] === 'document');
}

export default fp<{ webDir: string }>(
  async (app, { webDir }) => {
    const indexFile = path.join(webDir, 'index.html');
    const built = fs.existsSync(indexFile);
    // Read per page (a few KB, and the manifest beside it) so a rebuild while the server runs is
    // served at once. Every nonce placeholder Vite wrote becomes this response's nonce
    // (security-headers.ts); the route's preload hints (page-preloads.ts) go at the end of <head>.
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      const build = readBuildPreloads(webDir);
      const hints = build
        ? preloadLinks(
            build,
            { pathname: pathnameOf(request.url), query: new URLSearchParams(request.url.split('?')[1] ?? ''), signedIn: hasSessionCookie(request), language: firstLanguageTag(request.headers['accept-language']) },
            reply.pageNonce,
          )
        : '';
      const page = html.replaceAll(CSP_NONCE_PLACEHOLDER, reply.pageNonce);
      return reply
        .header('cache-control', PAGE_CACHE)
        .type('text/html; charset=utf-8')
        .send(hints ? page.replace('</head>', `  ${hints}\n  </head>`) : page);
    };
    if (built) {
      // index.html is never served as a plain file: its placeholder must be replaced first.
      await app.register(fastifyStatic, {
        root: webDir,
        index: false,
        wildcard: true,
        // Nor is the build's manifest (.vite/): the server reads it, browsers have no use for it.
        allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header('cache-control', isHashedAsset(webDir, filePath) ? HASHED_ASSET_CACHE : UNHASHED_FILE_CACHE);
        },
      });
      app.get('/', (request, reply) => sendIndex(request, reply));
      app.get('/index.html', (request, reply) => sendIndex(request, reply));
    }
    app.setNotFoundHandler((request, reply) => {
      if (!isNavigation(request) || isApiPath(request.url) || looksLikeFile(request.url)) {
        return reply.status(404).send({ code: 404, msg: request.t('errors.notFound', { path: pathnameOf(request.url) }) });
      }
      if (!built) {
        return reply.status(200).type('text/plain; charset=utf-8').send(request.t('web.notBuilt'));
      }
      return sendIndex(request, reply);
    });
  },
  { name: 'web-static', dependencies: ['i18n', 'security-headers', 'cookie'] },
);
