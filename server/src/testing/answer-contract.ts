// Checks every answer a server test receives against openapi/openapi.yaml (issue 30): the operation is
// found from the route Fastify matched, and the body is validated with Ajv against the schema the
// contract gives for that HTTP status. An undeclared status is a violation too. The contract is read
// and converted once per process; each (operation, status) validator is compiled on first use.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, loadContract } from '../plugins/app/openapi-routes';

// ajv-formats is CommonJS; its default export sits one level down under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => void;

type Json = Record<string, any>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const CONTRACT_ID = 'parley-contract.json';

interface RouteEntry {
  operationId: string;
  /** JSON pointer of the operation in the contract, for the response schemas under it. */
  pointer: string;
  responses: Record<string, Json>;
}

/**
 * OpenAPI 3.0 schemas to JSON Schema: `nullable: true` becomes "null or the rest", so a nullable
 * `allOf: [$ref]` accepts null (Ajv's own `nullable` cannot, the referenced schema refuses null).
 */
export function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const converted: Json = {};
  for (const [key, child] of Object.entries(value)) converted[key] = toJsonSchema(child);
  if (converted.nullable === true) {
    delete converted.nullable;
    return { anyOf: [{ type: 'null' }, converted] };
  }
  return converted;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function routeTable(contract: Json): Map<string, RouteEntry> {
  const table = new Map<string, RouteEntry>();
  for (const [path, item] of Object.entries<Json>(contract.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation?.operationId) continue;
      // Fastify's route syntax: /records/{id} is /prod-api/records/:id.
      const url = `${API_PREFIX}${path.replace(/\{([^}]+)\}/g, ':$1')}`;
      table.set(`${method.toUpperCase()} ${url}`, {
        operationId: operation.operationId,
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        responses: operation.responses ?? {},
      });
    }
  }
  return table;
}

export function createAnswerChecker() {
  const contract = loadContract() as unknown as Json;
  const routes = routeTable(contract);
  // strict off: the contract carries OpenAPI words (example, discriminator…) Ajv does not know.
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(toJsonSchema(contract) as Json, CONTRACT_ID);
  const validators = new Map<string, ValidateFunction | null>();

  /** The JSON schema pointer of the answer for a status, or null when it declares no JSON body. */
  function answerPointer(entry: RouteEntry, status: string): string | null {
    let answer = entry.responses[status];
    let pointer = `${entry.pointer}/responses/${status}`;
    if (typeof answer?.$ref === 'string') {
      pointer = answer.$ref;
      answer = contract.components?.responses?.[answer.$ref.split('/').pop()!];
    }
    return answer?.content?.['application/json'] ? `${pointer}/content/application~1json/schema` : null;
  }

  function validatorFor(entry: RouteEntry, status: string): ValidateFunction | null {
    const key = `${entry.operationId} ${status}`;
    if (!validators.has(key)) {
      const pointer = answerPointer(entry, status);
      validators.set(key, pointer ? ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` }) : null);
    }
    return validators.get(key)!;
  }

  /** The violation of one answer, or null when it matches the contract (or is no contract route). */
  function check(method: string, routeUrl: string | undefined, status: number, contentType: string, payload: unknown): string | null {
    const entry = routes.get(`${method} ${routeUrl}`);
    if (!entry) return null;
    const declared = entry.responses[String(status)] ? String(status) : entry.responses.default ? 'default' : null;
    if (!declared) return `${entry.operationId} answered HTTP ${status}, which the contract does not declare`;
    if (!/json/i.test(contentType)) return null; // downloads and pages: their bytes are not schema-checked
    const validate = validatorFor(entry, declared);
    if (!validate) return `${entry.operationId} answered JSON with HTTP ${status}, for which the contract declares no JSON body`;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null; // a stream: not buffered here
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      return `${entry.operationId} answered HTTP ${status} with a body that is not JSON`;
    }
    if (validate(body)) return null;
    const issue = mostTelling(validate.errors ?? []);
    const field = issue?.instancePath ? issue.instancePath.slice(1).replace(/\//g, '.') : '(body)';
    const detail = issue?.params && Object.keys(issue.params).length ? ` ${JSON.stringify(issue.params)}` : '';
    return `${entry.operationId} (HTTP ${status}) field ${field}: ${issue?.message ?? 'does not match'}${detail}`;
  }

  return { check };
}

/**
 * The deepest issue, leaving out the "must be null" of a nullable's other branch and the anyOf summary,
 * so a wrong field inside a nullable object is named rather than the object.
 */
function mostTelling(issues: ErrorObject[]): ErrorObject | undefined {
  const useful = issues.filter((issue) => issue.keyword !== 'anyOf' && !(issue.keyword === 'type' && issue.params.type === 'null'));
  return [...(useful.length ? useful : issues)].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
}

let checker: ReturnType<typeof createAnswerChecker> | null = null;
const violations: string[] = [];
let checked = 0;

/** The onSend observer the server test kit gives every app it builds (see AppOptions.answerObserver). */
export function recordAnswerViolations(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  checker ??= createAnswerChecker();
  const contentType = String(reply.getHeader('content-type') ?? '');
  const violation = checker.check(request.method, request.routeOptions.url, reply.statusCode, contentType, payload);
  checked += 1;
  if (violation) violations.push(violation);
}

/** How many answers were checked in this process (shows the kit really is on). */
export function answersChecked(): number {
  return checked;
}

/** The violations seen since the last call (the set-up file fails the test that caused them). */
export function takeAnswerViolations(): string[] {
  return violations.splice(0, violations.length);
}
