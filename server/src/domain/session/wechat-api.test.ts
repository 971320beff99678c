// The WeChat calls on their own: the documented query of each call, errcode answers (HTTP 200 with a
// non-zero errcode) as refusals carrying WeChat's code and message, and an unreachable or broken
// server as 'unreachable' rather than a crash.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { exchangeWechatCode, fetchWechatUserInfo } from './wechat-api';

describe('WeChat API client', () => {
  let server: http.Server;
  let apiUrl: string;
  const seen: URL[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(new URL(req.url ?? '/', 'http://x'));
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const app = () => ({ apiUrl, appId: 'wxAPP', secret: 'SECRET' });

  it('asks for the access token with appid, secret, code and grant_type, and reads openid and unionid', async () => {
    answer = { status: 200, body: JSON.stringify({ access_token: 'AT', expires_in: 7200, refresh_token: 'RT', openid: 'OPENID', scope: 'snsapi_login', unionid: 'UNION' }) };
    const token = await exchangeWechatCode(app(), 'CODE');
    expect(token).toEqual({ accessToken: 'AT', openid: 'OPENID', unionid: 'UNION', scope: 'snsapi_login' });
    const url = seen.at(-1)!;
    expect(url.pathname).toBe('/sns/oauth2/access_token');
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: 'wxAPP', secret: 'SECRET', code: 'CODE', grant_type: 'authorization_code' });

    answer = { status: 200, body: JSON.stringify({ openid: 'OPENID', nickname: 'Lin', headimgurl: 'https://img/x', privilege: [] }) };
    const info = await fetchWechatUserInfo(app(), token);
    expect(info).toEqual({ openid: 'OPENID', unionid: 'UNION', nickname: 'Lin', headimgurl: 'https://img/x' });
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({ access_token: 'AT', openid: 'OPENID', lang: 'zh_CN' });
  });

  it("turns WeChat's errcode into a refusal naming it", async () => {
    answer = { status: 200, body: JSON.stringify({ errcode: 40163, errmsg: 'code been used' }) };
    const error = await exchangeWechatCode(app(), 'USED').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ messageKey: 'auth.wechatRefused', params: { errcode: 40163, errmsg: 'code been used' } });
  });

  it('answers unreachable for an HTTP error, a body that is not JSON, a token answer without openid, and no server', async () => {
    for (const broken of [
      { status: 502, body: 'bad gateway' },
      { status: 200, body: '<html>' },
      { status: 200, body: JSON.stringify({ access_token: 'AT' }) },
    ]) {
      answer = broken;
      await expect(exchangeWechatCode(app(), 'C')).rejects.toMatchObject({ messageKey: 'auth.wechatUnreachable' });
    }
    await expect(exchangeWechatCode({ ...app(), apiUrl: 'http://127.0.0.1:9' }, 'C')).rejects.toMatchObject({ messageKey: 'auth.wechatUnreachable' });
  });
});
