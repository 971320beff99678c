// Bearer tokens → request.user, and the access rule of each operation read from the contract:
// `security: []` is public, `x-parley-visitor: true` admits visitor tokens, everything else needs
// a signed-in (non-visitor) user. Refusals are HTTP 401 with the envelope code 401.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../errors';

export interface OperationAccess {
  public: boolean;
  visitor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    token: string | null;
  }
  interface FastifyInstance {
    accessGuard(access: OperationAccess): (request: FastifyRequest) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    app.decorate('accessGuard', (access: OperationAccess) => async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token) {
        const user = await app.services.session.authenticate(token);
        request.user = user;
        request.token = user ? token : null;
      }
      if (access.public) return;
      if (!request.user) throw unauthorized();
      if (request.user.is_visitor && !access.visitor) throw unauthorized();
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
