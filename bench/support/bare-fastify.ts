// Baseline for the start-up benchmark: the smallest Fastify server, bundled and started the same way as Parley.
import Fastify from 'fastify';

const app = Fastify();
app.get('/prod-api/system/getClientInfo', async () => ({ code: 401, msg: 'baseline' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
