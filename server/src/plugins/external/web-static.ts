// Serves the built web app from WEB_DIR on the same port as the API. The client routes in history
// mode, so a navigation (GET/HEAD asking for text/html) outside /prod-api that is not a file answers
// index.html. Anything else that is not found — a missing /assets/x.js, an image, an API path, a
// fetch that does not accept HTML — answers 404 in the envelope, so a broken build or a typo shows
// as the error it is instead of a page parsed as script. Without a build, a short text page says how
// to make one; the API keeps working either way.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_PLACEHOLDER } from '../../../../src/shared/contract/csp';
import { API_PREFIX } from '../app/openapi-routes';

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

function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || (accept.includes('*/*') && request.headers['sec-fetch-dest'] === 'document');
}

export default fp<{ webDir: string }>(
  async (app, { webDir }) => {
    const indexFile = path.join(webDir, 'index.html');
    const built = fs.existsSync(indexFile);
    // Read per page (a few KB) so a rebuild while the server runs is served at once. Every nonce
    // placeholder Vite wrote becomes this response's nonce (security-headers.ts).
    const sendIndex = async (reply: FastifyReply) => {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      // index.html must never be cached: it names the hashed bundles of the current build and carries a one-time nonce.
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, reply.pageNonce));
    };
    if (built) {
      // index.html is never served as a plain file: its placeholder must be replaced first.
      await app.register(fastifyStatic, { root: webDir, index: false, wildcard: true, allowedPath: (pathName) => pathName !== '/index.html' });
      app.get('/', (_request, reply) => sendIndex(reply));
      app.get('/index.html', (_request, reply) => sendIndex(reply));
    }
    app.setNotFoundHandler((request, reply) => {
      if (!isNavigation(request) || isApiPath(request.url) || looksLikeFile(request.url)) {
        return reply.status(404).send({ code: 404, msg: request.t('errors.notFound', { path: pathnameOf(request.url) }) });
      }
      if (!built) {
        return reply.status(200).type('text/plain; charset=utf-8').send(request.t('web.notBuilt'));
      }
      return sendIndex(reply);
    });
  },
  { name: 'web-static', dependencies: ['i18n', 'security-headers'] },
);
