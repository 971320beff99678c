// Handler types derived from the generated contract (src/api/schema.d.ts), so a handler that
// returns a field the contract does not have, or reads a body field it does not send, fails tsc.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../src/api/schema';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import type { ServerT } from '../i18n';
import type { Services } from '../plugins/app/service-registry';

export type OperationId = keyof operations;

export type RequestBody<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B | undefined
  : undefined;

export type QueryOf<K extends OperationId> = operations[K] extends { parameters: { query?: infer Q } } ? Q : undefined;

export type PathOf<K extends OperationId> = operations[K] extends { parameters: { path?: infer P } } ? P : undefined;

type Answer<K extends OperationId> = operations[K] extends {
  responses: { 200: { content: { 'application/json': infer R } } };
}
  ? R
  : never;

/** What the handler returns: the `data` of the success envelope. */
export type AnswerData<K extends OperationId> = Answer<K> extends { data?: infer D } ? D : null;

export interface HandlerContext<K extends OperationId> {
  body: RequestBody<K>;
  query: QueryOf<K>;
  params: PathOf<K>;
  /** Set for every call that is not public; also set on public calls made with a valid token. */
  user: UserRow | null;
  token: string | null;
  t: ServerT;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<AnswerData<K> | null | undefined>;

export type HandlerMap = { [K in OperationId]?: Handler<K> };

/** The JSON body of a call that needs one; a call without it is an invalid request. */
export function requireBody<T>(body: T | undefined): T {
  if (!body) throw new AppError(400, 'errors.invalidRequest');
  return body;
}

/** The signed-in user of a private call (the access guard has already refused anonymous callers). */
export function requireUser(ctx: { user: UserRow | null }): UserRow {
  if (!ctx.user) throw new Error('private handler reached without a user');
  return ctx.user;
}
