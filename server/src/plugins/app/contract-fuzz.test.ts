// Issue 9: every operation of openapi/openapi.yaml answers generated bad input (server/src/testing/
// contract-fuzz.ts) with a 4xx or a business code in the { code, msg } envelope: never a 500, never
// a bare non-envelope answer, never slower than 5 s. It is a correctness guard, not a benchmark: each
// request is timed and the number of slow ones must be 0. The counts are printed for the issue note.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { systemClock } from '../../clock';
import { issueToken } from '../../domain/session/tokens';
import { createUser } from '../../domain/session/users';
import { contractOperations, type FuzzRequest } from '../../testing/contract-fuzz';
import { call } from '../../testing/inject';
import { sqliteTestConfig } from '../../testing/test-config';

const SLOW_MS = 5_000;

interface Failure {
  request: string;
  why: string;
}

describe('contract fuzz: bad input never breaks the API', () => {
  const config = sqliteTestConfig();
  let app: FastifyInstance;
  let token: string;
  let userId: string;
  const { operations, build } = contractOperations();

  beforeAll(async () => {
    app = await buildApp(config);
    const user = await createUser(app.db, systemClock, { kind: 'email', value: 'fuzz-owner@example.com' }, 'secret123');
    userId = user.id;
    token = await issueToken(app.db, systemClock, user.id);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('every operation, every kind of bad input: no 500, always the envelope, none over 5 s', async () => {
    // Seeded so ids in the generated requests reach the handlers, not only the "not found" answer.
    const meeting = await call(app, 'POST', '/speech/meeting/create', {
      token,
      body: { name: 'fuzz', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] },
    });
    expect(meeting.code).toBe(200);
    const requests = build({ meetingId: meeting.data.id, recordId: meeting.data.transId ?? meeting.data.id });
    const binary = new Map(operations.map((op) => [op.operationId, op.binaryAnswers]));

    const failures: Failure[] = [];
    const byKind = new Map<string, number>();
    let slow = 0;
    let serverErrors = 0;
    const count = (key: string) => byKind.set(key, (byKind.get(key) ?? 0) + 1);
    const started = Date.now();

    let operation = '';
    for (const request of requests) {
      // A fresh token per operation: logout and password reset revoke tokens on purpose.
      if (request.operationId !== operation) {
        operation = request.operationId;
        token = await issueToken(app.db, systemClock, userId);
      }
      const label = `${request.operationId} ${request.kind} (${request.method} ${request.url.slice(0, 120)})`;
      const t0 = performance.now();
      const response = await send(app, request, token);
      const ms = performance.now() - t0;
      if (ms > SLOW_MS) {
        slow += 1;
        failures.push({ request: label, why: `took ${Math.round(ms)} ms` });
      }
      let envelope: { code?: unknown; msg?: unknown } | null = null;
      try {
        envelope = JSON.parse(response.body) as { code?: unknown; msg?: unknown };
      } catch {
        envelope = null;
      }
      const isEnvelope = envelope !== null && typeof envelope.code === 'number' && typeof envelope.msg === 'string';
      const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!;
      const allowedBinary = response.statusCode === 200 && (binary.get(request.operationId) ?? []).includes(contentType);
      // Envelope codes of 500-599 are server errors; the catalogue's own codes (92505003 'no such right', ...) are not.
      const envelopeCode = isEnvelope ? Number(envelope!.code) : 0;
      if (response.statusCode >= 500 || (envelopeCode >= 500 && envelopeCode < 600 && envelopeCode !== 501 && envelopeCode !== 503)) {
        serverErrors += 1;
        failures.push({ request: label, why: `HTTP ${response.statusCode} ${response.body.slice(0, 200)}` });
      } else if (!isEnvelope && !allowedBinary) {
        failures.push({ request: label, why: `not an envelope: HTTP ${response.statusCode} ${contentType} ${response.body.slice(0, 120)}` });
      }
      count(response.statusCode === 200 && isEnvelope ? `HTTP 200, code ${String(envelope!.code)}` : `HTTP ${response.statusCode}`);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const kinds = [...byKind.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
    console.log(
      [
        `contract fuzz: ${operations.length} operations, ${requests.length} requests in ${seconds} s`,
        ...kinds.map(([kind, n]) => `  ${kind}: ${n}`),
        `  5xx: ${serverErrors}, slower than ${SLOW_MS / 1000} s: ${slow}`,
      ].join('\n'),
    );
    expect(failures.slice(0, 30)).toEqual([]);
    expect(slow).toBe(0);
  }, 300_000);
});

async function send(app: FastifyInstance, request: FuzzRequest, token: string) {
  const headers: Record<string, string> = { ...request.headers };
  if (headers['content-type'] === '') delete headers['content-type'];
  if (request.signedIn) headers.authorization = `Bearer ${token}`;
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}
