import type { Middleware } from 'openapi-fetch';

/** The body every call answers with. Some services name the code `resultCode` (features §7). */
export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export const SUCCESS_CODE = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{ code | resultCode, msg, data }` from a parsed body; null when the body is no envelope. */
export function readEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body)) return null;
  const rawCode = body.code ?? body.resultCode;
  const code = typeof rawCode === 'string' && /^\d+$/.test(rawCode) ? Number(rawCode) : rawCode;
  if (typeof code !== 'number' || !Number.isFinite(code)) return null;
  return { code, msg: typeof body.msg === 'string' ? body.msg : '', data: body.data ?? null };
}

/**
 * Rewrites a `resultCode` envelope into the `code` form so every reader of the raw client sees one
 * shape. It runs on every status: the server answers 400 and 401 with an envelope too.
 */
export function envelopeMiddleware(): Middleware {
  return {
    async onResponse({ response }) {
      if (!(response.headers.get('Content-Type') ?? '').includes('json')) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(await response.clone().text());
      } catch {
        return undefined;
      }
      if (!isRecord(body) || body.code !== undefined || body.resultCode === undefined) return undefined;
      const envelope = readEnvelope(body);
      if (!envelope) return undefined;
      const headers = new Headers(response.headers);
      headers.delete('Content-Length');
      return new Response(JSON.stringify({ ...body, code: envelope.code }), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
  };
}
