// The meeting socket's JSON messages checked against the contract: LiveClientMessage (and each
// server message kind, for tests) compiled with AJV from the components of openapi/openapi.yaml,
// the same file the HTTP routes are built from. A message the schema refuses is a non-fatal socket
// error: live:frameMalformed for an audio frame, live:badMessage for anything else.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LiveClientMessage, LiveServerMessage } from '../../../src/shared/contract/live-messages';
import { loadContract } from '../plugins/app/openapi-routes';
import { LiveSocketError } from './live-errors';

const CONTRACT_ID = 'parley-contract';

interface Validators {
  client: ValidateFunction<LiveClientMessage>;
  server: ValidateFunction<LiveServerMessage>;
}

let compiled: Validators | null = null;

function validators(): Validators {
  if (compiled) return compiled;
  const { components } = loadContract() as unknown as { components: Record<string, unknown> };
  // strict off: the contract carries OpenAPI words JSON Schema does not know (discriminator, example).
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: CONTRACT_ID, components });
  const ref = (name: string) => ({ $ref: `${CONTRACT_ID}#/components/schemas/${name}` });
  compiled = {
    client: ajv.compile<LiveClientMessage>(ref('LiveClientMessage')),
    server: ajv.compile<LiveServerMessage>(ref('LiveServerMessage')),
  };
  return compiled;
}

/** One JSON text frame, parsed but not yet checked (not JSON at all: live:badMessage). */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LiveSocketError(400, 'badMessage');
  }
}

/** The message's `type` when it names one, to route a refusal before the full check. */
export function typeOf(message: unknown): string | undefined {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** The message as the contract allows it, or the socket error. */
export function checkClientMessage(message: unknown): LiveClientMessage {
  const validate = validators().client;
  if (validate(message)) return message;
  throw new LiveSocketError(400, typeOf(message) === 'audio' ? 'frameMalformed' : 'badMessage');
}

/** The first schema problem of a server message, or null when the contract allows it (tests). */
export function serverMessageProblem(message: unknown): string | null {
  const validate = validators().server;
  if (validate(message)) return null;
  const first = validate.errors?.[0];
  return `${first?.instancePath ?? ''} ${first?.message ?? 'invalid'}`.trim();
}
