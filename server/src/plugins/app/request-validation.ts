// How the contract's request schemas are checked (issue 9): two Ajv instances instead of Fastify's one.
//
// - Query strings, path parameters and headers arrive as text, so they are coerced ('5' → 5).
// - Bodies arrive as JSON with real types, so they are NOT coerced: `folderName: true` is refused
//   rather than becoming a folder named "true".
// - Every accepted value is also checked for non-finite numbers: JSON.parse('1e309') and
//   Number('1e309') are Infinity, which satisfies `type: integer` and any schema without a maximum.
//
// Options otherwise match Fastify's defaults (useDefaults, allErrors off against DoS), except that
// unknown fields are refused instead of silently dropped (removeAdditional: false).
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export sits one level down under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => void;

const shared: Options = { useDefaults: true, removeAdditional: false, allErrors: false, addUsedSchema: false };

interface Issue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Path (JSON pointer) of the first non-finite number in the value, or null. */
export function nonFinitePath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nonFinitePath(child, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function makeAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...shared, coerceTypes });
  addFormats(ajv);
  return ajv;
}

// Compiled validators by kind and schema text, shared by every app of the process. Test seam made
// cheaper: production builds one app, but the server tests build dozens per process and compiling
// every schema of the contract took ~0.5 s a build. A validator is a pure function of its schema and
// the options above, which are the same for every app.
const compiledValidators = new Map<string, ValidateFunction>();

// Validators not compiled yet. Compiling every schema of the contract was about a fifth of server
// start (bench/server-start.bench.ts): each route compiles its own on its first request, and
// compileDeferredValidators compiles the rest in the background once the server listens.
const deferred = new Set<() => void>();

/** How many validators wait for their first use (for the start-up test). */
export const deferredValidatorCount = () => deferred.size;

/** Compiles the validators no request has needed yet, a few per turn of the event loop. */
export async function compileDeferredValidators(perTurn = 10): Promise<void> {
  while (deferred.size > 0) {
    for (const compileOne of [...deferred].slice(0, perTurn)) compileOne();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function contractValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const coercing = makeAjv('array');
  const exact = makeAjv(false);
  const compile = (kind: 'body' | 'coerced', schema: object): ValidateFunction => {
    const key = `${kind}\u0000${JSON.stringify(schema)}`;
    let validate = compiledValidators.get(key);
    if (!validate) {
      validate = (kind === 'body' ? exact : coercing).compile(schema);
      compiledValidators.set(key, validate);
    }
    return validate;
  };
  return ({ schema, httpPart }) => {
    let validate: ValidateFunction | null = null;
    const compileOne = () => {
      validate ??= compile(httpPart === 'body' ? 'body' : 'coerced', schema as object);
      deferred.delete(compileOne);
      return validate;
    };
    // Past this many, apps built and dropped (tests) would only keep their Ajv instances alive here.
    if (deferred.size >= 5_000) deferred.clear();
    deferred.add(compileOne);
    // Fastify reads `.errors` after a false answer, as it does for a plain Ajv function.
    const checked = (data: unknown): boolean => {
      const run = validate ?? compileOne();
      if (!run(data)) {
        checked.errors = run.errors as Issue[];
        return false;
      }
      const bad = nonFinitePath(data);
      if (bad !== null) {
        checked.errors = [{ keyword: 'finite', instancePath: bad, schemaPath: '#', params: {}, message: 'must be a finite number' }];
        return false;
      }
      checked.errors = null;
      return true;
    };
    checked.errors = null as Issue[] | null;
    return checked;
  };
}
