// A local stand-in for api.weixin.qq.com that follows WeChat's documents for website and
// official-account sign-in: /sns/oauth2/access_token checks appid, secret, code and grant_type and
// answers the documented JSON (errcode 40029 'invalid code' for an unknown or used code, 40125 for a
// wrong secret); /sns/userinfo checks access_token and openid. Codes are single use, as WeChat's are.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatPerson {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl?: string;
}

export interface WechatTestServer {
  url: string;
  /** A fresh code WeChat would send back after `person` confirmed on their phone in `appId`. */
  issueCode(appId: string, person: WechatPerson): string;
  requests: URL[];
  close(): Promise<void>;
}

export async function startWechatTestServer(apps: Record<string, string>): Promise<WechatTestServer> {
  const codes = new Map<string, { appId: string; person: WechatPerson }>();
  const tokens = new Map<string, WechatPerson>();
  const requests: URL[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wechat.test');
    requests.push(url);
    const send = (body: unknown) => {
      // WeChat answers errors with HTTP 200 and labels its JSON text/plain.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    const q = url.searchParams;
    if (req.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
      const appId = q.get('appid') ?? '';
      if (!(appId in apps)) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== apps[appId]) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const issued = codes.get(q.get('code') ?? '');
      if (!issued || issued.appId !== appId) return send({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code') ?? '');
      const accessToken = `ACCESS_${(counter += 1)}`;
      tokens.set(accessToken, issued.person);
      return send({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: `REFRESH_${counter}`,
        openid: issued.person.openid,
        scope: 'snsapi_login',
        ...(issued.person.unionid ? { unionid: issued.person.unionid } : {}),
      });
    }
    if (req.method === 'GET' && url.pathname === '/sns/userinfo') {
      const person = tokens.get(q.get('access_token') ?? '');
      if (!person) return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      if (q.get('openid') !== person.openid) return send({ errcode: 40003, errmsg: 'invalid openid' });
      return send({
        openid: person.openid,
        nickname: person.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: person.headimgurl ?? '',
        privilege: [],
        ...(person.unionid ? { unionid: person.unionid } : {}),
      });
    }
    res.writeHead(404).end();
    return undefined;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    issueCode(appId, person) {
      const code = `CODE_${(counter += 1)}_${Math.random().toString(36).slice(2)}`;
      codes.set(code, { appId, person });
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
