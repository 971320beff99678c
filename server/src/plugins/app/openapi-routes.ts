// Routes and request validation built from openapi/openapi.yaml under /prod-api. Handlers come
// from the registry by operationId; the access rule of each operation is read from the same file.
import fs from 'node:fs';
import fp from 'fastify-plugin';
import openapiGlue from 'fastify-openapi-glue';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { Handler, HandlerContext, HandlerMap, OperationId } from '../../handlers/types';
import type { OperationAccess } from './auth';
import { parsedContract } from './parsed-contract';
import { projectPath } from '../../project-paths';

export const API_PREFIX = '/prod-api';
export const CONTRACT_FILE = projectPath('openapi', 'openapi.yaml');

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface OperationSpec {
  operationId?: string;
  requestBody?: { content?: Record<string, unknown> };
  security?: Array<Record<string, unknown>>;
  'x-parley-visitor'?: boolean;
}

interface ContractDocument {
  security?: Array<Record<string, unknown>>;
  paths: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], OperationSpec>>>;
}

// Parsed once per text (parsed-contract.ts keeps it in memory and on disk); callers get their own copy to change.
export function loadContract(file: URL | string = CONTRACT_FILE): ContractDocument {
  return structuredClone(parsedContract(fs.readFileSync(file, 'utf8')) as ContractDocument);
}

/** operationId → access rule; an empty security list (or one holding {}) means public. */
export function accessByOperation(contract: ContractDocument): Map<string, OperationAccess> {
  const access = new Map<string, OperationAccess>();
  for (const pathItem of Object.values(contract.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem?.[method];
      if (!operation?.operationId) continue;
      const security = operation.security ?? contract.security ?? [];
      const isPublic = security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
      access.set(operation.operationId, { public: isPublic, visitor: operation['x-parley-visitor'] === true });
    }
  }
  return access;
}

/** Names the first problem of an invalid contract (the glue plugin only says "not valid"). */
async function explainInvalidContract(contract: ContractDocument, original: Error): Promise<never> {
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator().validate(structuredClone(contract) as unknown as Parameters<InstanceType<typeof Validator>['validate']>[0]);
  if (result.valid) throw original;
  const errors = Array.isArray(result.errors) ? result.errors : [];
  // The most specific path is the most useful one to show.
  const deepest = [...errors].sort((a, b) => (b.instancePath?.length ?? 0) - (a.instancePath?.length ?? 0))[0];
  throw new Error(
    `openapi/openapi.yaml is not a valid OpenAPI document: ${deepest?.instancePath ?? ''} ${deepest?.message ?? ''} ${JSON.stringify(deepest?.params ?? {})}`,
  );
}

/**
 * Multipart bodies are streamed by their handlers (@fastify/multipart's parts()), so there is no
 * body object for the route to validate: the schema is dropped from the routes (it stays in the
 * contract for clients) and each such handler checks its fields itself.
 */
export function withoutMultipartBodySchemas(contract: ContractDocument): ContractDocument {
  const copy = structuredClone(contract);
  type WithBody = { requestBody?: { content?: Record<string, { schema?: unknown }> } };
  for (const pathItem of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {}) as WithBody[]) {
      const multipart = operation?.requestBody?.content?.['multipart/form-data'];
      if (multipart) delete multipart.schema;
    }
  }
  return copy;
}

/** operationId → the request body media types it declares (none declared: JSON, which it ignores). */
export function bodyTypesByOperation(contract: ContractDocument): Map<string, Set<string>> {
  const types = new Map<string, Set<string>>();
  for (const pathItem of Object.values(contract.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem?.[method];
      if (!operation?.operationId) continue;
      const declared = Object.keys(operation.requestBody?.content ?? {}).map((type) => type.toLowerCase());
      types.set(operation.operationId, new Set(declared.length ? declared : ['application/json']));
    }
  }
  return types;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Refuses a body in a media type the operation does not declare, before it is read. Without it a
 * JSON body sent as text/plain was parsed as a string, skipped the schema (Fastify validates per
 * declared type) and reached the handler (issue 9: HTTP 500 on ten operations).
 */
function contentTypeGuard(declared: Set<string>) {
  const expected = [...declared].join(', ');
  return async (request: FastifyRequest) => {
    if (!hasBody(request)) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (declared.has(type)) return;
    throw new AppError(415, 'errors.unsupportedMediaTypeFor', { type: type || '—', expected }, 415);
  };
}

function notAvailable(): Promise<never> {
  return Promise.reject(new AppError(501, 'errors.notAvailable'));
}

function envelopeRoute(handler: Handler<OperationId> | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!handler) return notAvailable();
    const ctx = {
      body: request.body,
      query: request.query,
      params: request.params,
      user: request.user,
      token: request.token,
      t: request.t,
      services: request.server.services,
      request,
      reply,
    } as HandlerContext<OperationId>;
    const data = await handler(ctx);
    return { code: 200, msg: request.t('ok'), data: data ?? null };
  };
}

/**
 * The glue checks every media type of the contract, answers included, for a body parser and warns at
 * start for the file types the server only sends (docx, zip, wav…). Registering them as refused request
 * types keeps the start-up log clean and answers a client that posts one with a clear 415.
 */
function refuseResponseOnlyMediaTypes(app: FastifyInstance, contract: ContractDocument) {
  const sent = new Set<string>();
  const accepted = new Set<string>();
  for (const item of Object.values(contract.paths ?? {})) {
    for (const op of Object.values(item ?? {}) as Array<{ requestBody?: { content?: object }; responses?: Record<string, { content?: object }> }>) {
      for (const type of Object.keys(op?.requestBody?.content ?? {})) accepted.add(type);
      for (const answer of Object.values(op?.responses ?? {})) for (const type of Object.keys(answer?.content ?? {})) sent.add(type);
    }
  }
  const refused = [...sent].filter((type) => !accepted.has(type) && !app.hasContentTypeParser(type));
  if (refused.length === 0) return;
  app.addContentTypeParser(refused, (_request, _payload, done) => {
    done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
  });
}

export default fp<{ handlers: HandlerMap; contractFile?: URL | string }>(
  async (app, { handlers, contractFile }) => {
    const contract = loadContract(contractFile);
    const access = accessByOperation(contract);
    const bodyTypes = bodyTypesByOperation(contract);
    refuseResponseOnlyMediaTypes(app, contract);
    await app.register(openapiGlue, {
      specification: withoutMultipartBodySchemas(contract),
      prefix: API_PREFIX,
      operationResolver: (operationId: string) => {
        const rule = access.get(operationId) ?? { public: false, visitor: false };
        return {
          // onRequest runs before the body is read, so refused callers and refused types cost no parsing.
          onRequest: [app.accessGuard(rule), contentTypeGuard(bodyTypes.get(operationId) ?? new Set(['application/json']))],
          handler: envelopeRoute(handlers[operationId as OperationId] as Handler<OperationId> | undefined),
        } as never;
      },
    }).after(async (error) => {
      if (error) await explainInvalidContract(contract, error);
    });
  },
  { name: 'openapi-routes', dependencies: ['auth', 'error-envelope'] },
);
