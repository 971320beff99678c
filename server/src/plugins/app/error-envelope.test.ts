// Bad input is a 400 envelope naming the field (translated), never a 500; a missing handler is an
// honest 501; unexpected failures are a translated 500 without internals.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../../../../src/shared/contract/limits';
import { buildApp } from '../../app';
import { handlers } from '../../handlers/registry';
import { sqliteTestConfig } from '../../testing/test-config';
import { call } from '../../testing/inject';
import { recordAnswerViolations } from '../../testing/answer-contract';
import { accessByOperation, loadContract } from './openapi-routes';
import { systemClock } from '../../clock';
import { issueToken } from '../../domain/session/tokens';
import { createUser } from '../../domain/session/users';

describe('request validation and error envelopes', () => {
  const config = sqliteTestConfig();
  let app: FastifyInstance;
  beforeAll(async () => {
    const { systemGetClient: _removed, ...withoutOne } = handlers;
    app = await buildApp(config, {
      handlers: {
        ...withoutOne,
        // Stands in for a handler with a bug, to show what callers see then.
        async accountQueryUserFunctionJudge() {
          throw new Error('database exploded at /secret/path');
        },
      },
      // The missing and the broken handler answer 501 and 500 on purpose, which no operation declares;
      // every other answer of this app is checked against the contract as usual.
      answerObserver: (request, reply, payload) => {
        if (reply.statusCode < 500) recordAnswerViolations(request, reply, payload);
      },
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('malformed JSON → 400', async () => {
    const answer = await call(app, 'POST', '/auth/c/doLogin', { rawBody: '{"username": "a@b.co",' });
    expect(answer).toMatchObject({ status: 400, code: 400, msg: 'The request body is not valid JSON' });
  });

  it('unknown field → 400 naming it, in the caller language', async () => {
    const body = { username: 'a@b.co', password: 'abc12345', foo: 1 };
    expect(await call(app, 'POST', '/auth/c/doLogin', { body })).toMatchObject({ status: 400, code: 400, msg: "Unknown field 'foo'" });
    expect((await call(app, 'POST', '/auth/c/doLogin', { body, lang: 'zh-CN' })).msg).toBe("未知字段 'foo'");
    expect((await call(app, 'POST', '/auth/c/doLogin', { body, lang: 'zh-TW' })).msg).toBe("未知欄位 'foo'");
  });

  it('wrong type → 400 naming the field and type', async () => {
    const answer = await call(app, 'POST', '/auth/c/doLogin', { body: { username: { nested: true }, password: 'abc12345' } });
    expect(answer).toMatchObject({ status: 400, code: 400, msg: "Field 'username' must be of type string" });
  });

  it('missing field → 400 naming it', async () => {
    const answer = await call(app, 'POST', '/auth/c/doLogin', { body: { username: 'a@b.co' } });
    expect(answer).toMatchObject({ status: 400, msg: "Missing field 'password'" });
  });

  it('value outside an enum → 400 listing the allowed values', async () => {
    const answer = await call(app, 'POST', '/auth/c/getValidCode', { body: { username: 'a@b.co', scene: 'hack' } });
    expect(answer).toMatchObject({ status: 400, msg: "Field 'scene' must be one of: login, register, reset, bind" });
  });

  it('JSON array instead of an object, empty JSON body → 400; a content type the operation does not declare → 415 in the envelope', async () => {
    expect((await call(app, 'POST', '/auth/c/doLogin', { rawBody: '[1,2]' })).status).toBe(400);
    expect((await call(app, 'POST', '/auth/c/doLogin', { rawBody: '' })).status).toBe(400);
    const xml = await call(app, 'POST', '/auth/c/doLogin', { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml).toMatchObject({ status: 415, code: 415, msg: 'Unsupported content type: application/xml (this call takes application/json)' });
    // A type the server only sends (a WAV answer) is refused as a request body, not parsed.
    const wav = await call(app, 'POST', '/auth/c/doLogin', { rawBody: 'RIFF', headers: { 'content-type': 'audio/wav' } });
    expect(wav).toMatchObject({ status: 415, code: 415 });
    expect(app.hasContentTypeParser('audio/wav')).toBe(true);
    // Issue 9: JSON sent as text/plain used to skip validation and reach the handler as a string (500).
    const text = await call(app, 'POST', '/auth/c/doLogin', { rawBody: '{"username":"a@b.c","password":"x"}', headers: { 'content-type': 'text/plain' } });
    expect(text).toMatchObject({ status: 415, code: 415 });
    const zh = await call(app, 'POST', '/auth/c/doLogin', { rawBody: 'x', lang: 'zh-TW', headers: { 'content-type': 'text/plain' } });
    expect(zh.msg).toBe('不支援的內容類型：text/plain（此介面接受 application/json）');
  });

  it('numbers must be finite and are reported as values, not lengths; body types are not coerced', async () => {
    const user = await createUser(app.db, systemClock, { kind: 'email', value: 'numbers@example.com' }, 'secret123');
    const token = await issueToken(app.db, systemClock, user.id);
    const huge = await call(app, 'GET', '/speech/meeting/getMeetingList?pageNum=1e309', { token });
    expect(huge).toMatchObject({ status: 400, code: 400 });
    expect(huge.msg).toMatch(/^Field 'pageNum' must be (at most 100000|a finite number)$/);
    const big = await call(app, 'GET', '/speech/meeting/getMeetingList?pageNum=100001', { token });
    expect(big.msg).toBe("Field 'pageNum' must be at most 100000");
    const bigZh = await call(app, 'GET', '/speech/meeting/getMeetingList?pageNum=100001', { token, lang: 'zh-CN' });
    expect(bigZh.msg).toBe("字段 'pageNum' 不能大于 100000");
    // JSON.parse('1e309') is Infinity: refused even where the schema has no maximum.
    const infinite = await call(app, 'POST', '/auth/c/doLogin', { rawBody: '{"username":"a@b.c","password":"x","n":1e309}' });
    expect(infinite.status).toBe(400);
    const bool = await call(app, 'POST', '/auth/c/doLogin', { body: { username: true, password: 'secret123' } });
    expect(bool).toMatchObject({ status: 400, code: 400, msg: "Field 'username' must be of type string" });
  });

  it(`body over ${JSON_BODY_LIMIT_BYTES} bytes → 400, not 413 or 500`, async () => {
    const answer = await call(app, 'POST', '/auth/c/doLogin', { body: { username: 'x'.repeat(JSON_BODY_LIMIT_BYTES), password: 'a' } });
    expect(answer).toMatchObject({ status: 400, code: 400, msg: `The request body is larger than ${JSON_BODY_LIMIT_BYTES} bytes` });
  });

  it('an operation without a handler answers HTTP 200 with code 501 and a translated message', async () => {
    // systemGetClient admits visitors, so a visitor token is enough to reach the handler.
    const token = (await call(app, 'POST', '/auth/visitorlogin')).data.token;
    const missing = await call(app, 'GET', '/system/getClient', { token });
    expect(missing).toMatchObject({ status: 200, code: 501, msg: 'This feature is not available on this server yet' });
    expect((await call(app, 'GET', '/system/getClient', { token, lang: 'zh-CN' })).msg).toBe('此服务器暂不支持该功能');
  });

  it('every operation of the contract is routed: handled ones by the registry, the rest with 501', async () => {
    const contract = loadContract();
    const unhandled = [...accessByOperation(contract).keys()].filter((id) => !(id in handlers));
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const method of Object.keys(item ?? {}).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))) {
        const url = `/prod-api${path.replace(/{(\w+)}/g, ':$1')}`;
        expect(app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `${method} ${url}`).toBe(true);
      }
    }
    // A real contract operation nobody has built yet answers 501 too (later issues shrink the list).
    const simpleGet = Object.entries(contract.paths).flatMap(([path, item]) => {
      const op = (item as Record<string, { operationId?: string; parameters?: Array<{ required?: boolean }> }>).get;
      const needsNothing = op?.operationId && !path.includes('{') && !(op.parameters ?? []).some((p) => p.required);
      return needsNothing && unhandled.includes(op.operationId!) ? [path] : [];
    })[0];
    if (simpleGet) {
      const email = `unbuilt.${Date.now()}@example.com`;
      await call(app, 'POST', '/auth/c/getValidCode', { body: { username: email, scene: 'register' } });
      const code = /\d{6}/.exec((await app.services.outbox.latest(5)).find((r) => r.target === email)!.body)![0];
      const { token } = (await call(app, 'POST', '/auth/c/doLoginByValidCode', { body: { username: email, code, password: 'abc12345' } })).data;
      expect(await call(app, 'GET', simpleGet, { token }), simpleGet).toMatchObject({ status: 200, code: 501 });
    }
  });

  it('an unexpected failure is logged and answered with a translated 500, without internals', async () => {
    // The broken handler needs a signed-in user.
    const email = `broken.${Date.now()}@example.com`;
    await call(app, 'POST', '/auth/c/getValidCode', { body: { username: email, scene: 'register' } });
    const rows = await app.services.outbox.latest(5);
    const code = /\d{6}/.exec(rows.find((r) => r.target === email)!.body)![0];
    const signedIn = await call(app, 'POST', '/auth/c/doLoginByValidCode', { body: { username: email, code, password: 'abc12345' } });
    const answer = await call(app, 'POST', '/expense/account/queryUserFunctionJudge', { token: signedIn.data.token, lang: 'zh-CN' });
    expect(answer).toMatchObject({ status: 500, code: 500, msg: '出错了' });
    expect(answer.body).not.toContain('secret');
  });

  it('unknown API paths are a 404 envelope', async () => {
    const answer = await call(app, 'GET', '/prod-api/no/such/call');
    expect(answer).toMatchObject({ status: 404, code: 404 });
  });
});
