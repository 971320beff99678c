// Which server process answered (issue 28): behind a balancer, `X-Parley-Instance` on every HTTP
// answer and on a live connection's upgrade answer names the instance (INSTANCE_ID, else random per
// start), so an operator, and the scale-out rig, can see where a request or a socket landed.
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';

export const INSTANCE_HEADER = 'x-parley-instance';

export default fp(
  async (app, options: { instanceId: string | undefined }) => {
    const id = options.instanceId ?? randomBytes(4).toString('hex');
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(INSTANCE_HEADER, id);
    });
    // A live connection's upgrade answer is written by ws itself, not through a reply.
    app.websocketServer.on('headers', (headers: string[]) => headers.push(`X-Parley-Instance: ${id}`));
  },
  { name: 'instance-id', dependencies: ['websocket'] },
);
