// WebSocket support for the live meeting routes under /prod-api/ws (added by the meetings issue).
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';

export default fp(async (app) => {
  await app.register(websocket);
}, { name: 'websocket' });
