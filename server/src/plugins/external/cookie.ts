// Cookies: the web client keeps its token in the Admin-Token cookie; later calls may read it.
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';

export default fp(async (app) => {
  await app.register(cookie);
}, { name: 'cookie' });
