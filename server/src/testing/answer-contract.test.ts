// The contract check the server suite runs on every answer: it names the operation and the field, an
// undeclared status is refused, nullable references accept null, and non-contract routes are left alone.
import { describe, expect, it } from 'vitest';
import { answersChecked, createAnswerChecker, toJsonSchema } from './answer-contract';
import { sqliteTestConfig } from './test-config';
import { buildApp } from '../app';

const checker = createAnswerChecker();
const json = 'application/json; charset=utf-8';
const LOGIN = '/prod-api/auth/c/doLogin';
const STORED_SUMMARY = '/prod-api/ai/ai/queryMediaSummary';

describe('answers against openapi/openapi.yaml', () => {
  it('accepts an answer of the declared shape', () => {
    expect(checker.check('POST', LOGIN, 200, json, JSON.stringify({ code: 200, msg: 'ok', data: { token: 't' } }))).toBeNull();
    expect(checker.check('POST', LOGIN, 400, json, JSON.stringify({ code: 400, msg: 'username is missing' }))).toBeNull();
  });

  it('names the operation and the field of a wrong answer', () => {
    const wrongType = checker.check('POST', LOGIN, 200, json, JSON.stringify({ code: 200, msg: 'ok', data: { token: 5 } }));
    expect(wrongType).toContain('sessionDoLogin');
    expect(wrongType).toContain('field data.token');
    const missing = checker.check('POST', LOGIN, 400, json, JSON.stringify({ code: 400 }));
    expect(missing).toContain('sessionDoLogin (HTTP 400)');
    expect(missing).toContain('msg');
  });

  it('refuses a status the operation does not declare', () => {
    expect(checker.check('POST', LOGIN, 409, json, '{"code":409,"msg":"x"}')).toBe('sessionDoLogin answered HTTP 409, which the contract does not declare');
  });

  it('takes null where the contract says nullable, also around a $ref', () => {
    expect(checker.check('POST', STORED_SUMMARY, 200, json, JSON.stringify({ code: 200, msg: 'ok', data: null }))).toBeNull();
    expect(checker.check('POST', STORED_SUMMARY, 200, json, JSON.stringify({ code: 200, msg: 'ok', data: { nope: 1 } }))).toContain('summaryQueryMediaSummary');
    expect(toJsonSchema({ type: 'object', nullable: true, allOf: [{ $ref: '#/x' }] })).toEqual({
      anyOf: [{ type: 'null' }, { type: 'object', allOf: [{ $ref: '#/x' }] }],
    });
  });

  it('leaves routes outside the contract and non-JSON bodies alone', () => {
    expect(checker.check('GET', '/blob/parley/*', 200, 'application/xml', '<x/>')).toBeNull();
    expect(checker.check('GET', undefined, 404, json, '{}')).toBeNull();
    expect(checker.check('POST', '/prod-api/ai/summaryTemplate/download', 200, 'application/octet-stream', Buffer.from([1, 2]))).toBeNull();
  });

  it('sees the answers of an app the kit builds (a 415 and a 400 of a real app are declared and well formed)', async () => {
    const seen: Array<string | null> = [];
    const app = await buildApp(sqliteTestConfig(), {
      answerObserver: (request, reply, payload) => {
        seen.push(checker.check(request.method, request.routeOptions.url, reply.statusCode, String(reply.getHeader('content-type')), payload));
      },
    });
    try {
      const unsupported = await app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'text/plain' }, payload: 'x' });
      const bad = await app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: '{"username":1}' });
      expect([unsupported.statusCode, bad.statusCode]).toEqual([415, 400]);
      expect(seen).toEqual([null, null]);
    } finally {
      await app.close();
    }
  });

  it('is on by default: an app built without options has its answers checked', async () => {
    const app = await buildApp(sqliteTestConfig());
    try {
      const before = answersChecked();
      const answer = await app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(answer.statusCode).toBe(400);
      expect(answersChecked()).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});
