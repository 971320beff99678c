// Small helpers for server tests: calls through app.inject with the envelope decoded, a clock the
// test moves by hand, and reading the latest code sent to an address from the outbox.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string | null;
  lang?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  code: number | undefined;
  msg: string | undefined;
  data: any;
  body: string;
}

export async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (hasBody && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await app.inject({
    method,
    url: url.startsWith('/prod-api') || url.startsWith('/dev') ? url : `/prod-api${url}`,
    headers,
    ...(hasBody ? { payload: options.rawBody ?? JSON.stringify(options.body) } : {}),
  });
  let parsed: any = undefined;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, code: parsed?.code, msg: parsed?.msg, data: parsed?.data, body: response.body };
}

export class ManualClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceSeconds(seconds: number): void {
    this.current += seconds * 1000;
  }
}

/** The six-digit code of the newest outbox message to the address, or null. */
export async function latestCodeFor(app: FastifyInstance, target: string): Promise<string | null> {
  const rows = await app.services.outbox.latest(200);
  const row = rows.find((r) => r.target === target);
  return row ? (/\b(\d{6})\b/.exec(row.body)?.[1] ?? null) : null;
}

export async function outboxCountFor(app: FastifyInstance, target: string): Promise<number> {
  const rows = await app.services.outbox.latest(200);
  return rows.filter((r) => r.target === target).length;
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}
