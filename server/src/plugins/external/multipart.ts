// multipart/form-data for the upload calls of later issues; each upload route sets its own limits.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

export default fp(async (app) => {
  await app.register(multipart);
}, { name: 'multipart' });
