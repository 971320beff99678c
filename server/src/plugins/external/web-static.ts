// Serves the built web app from WEB_DIR on the same port as the API. The client routes in history
// mode, so any GET outside /prod-api that is not a file answers index.html. Without a build, a
// short text page says how to make one; the API keeps working either way.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '../app/openapi-routes';

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export default fp<{ webDir: string }>(
  async (app, { webDir }) => {
    const built = fs.existsSync(path.join(webDir, 'index.html'));
    // index.html must never be cached: it names the hashed bundles of the current build.
    const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    if (built) {
      await app.register(fastifyStatic, { root: webDir, index: false, wildcard: true });
      app.get('/', (_request, reply) => sendIndex(reply));
    }
    app.setNotFoundHandler((request, reply) => {
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (!isPageRequest || isApiPath(request.url)) {
        return reply.status(404).send({ code: 404, msg: request.t('errors.notFound', { path: request.url.split('?')[0] }) });
      }
      if (!built) {
        return reply.status(200).type('text/plain; charset=utf-8').send(request.t('web.notBuilt'));
      }
      return sendIndex(reply);
    });
  },
  { name: 'web-static', dependencies: ['i18n'] },
);
