// WeChat sign-in, binding and unbinding (issue 15 §3, §5) on SQLite and PostgreSQL, against a local
// server that follows WeChat's documents (wechat-test-server.ts): QR login with polling, registration
// by a verified address or WeChat alone, the in-WeChat (official account) flow, WeChat's errcode
// answers, binding refused when the WeChat account belongs to someone else, and unbinding the only
// way to sign in refused. Nothing changes on a refusal.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { databaseVariants } from '../testing/database-variants';
import { call, latestCodeFor, ManualClock, uniqueEmail } from '../testing/inject';
import { startWechatTestServer, type WechatPerson, type WechatTestServer } from '../testing/wechat-test-server';

const variants = await databaseVariants();
const PUBLIC_BASE_URL = 'http://parley.test';
const OPEN = { id: 'wxopen0000000001', secret: 'open-secret-0001' };
const MP = { id: 'wxmp000000000001', secret: 'mp-secret-0001' };

function wechatConfig(apiUrl: string): Partial<ServerConfig> {
  return {
    wechatAppId: OPEN.id,
    publicBaseUrl: PUBLIC_BASE_URL,
    social: {
      googleClientSecret: null,
      oidcIssuer: 'https://accounts.google.com',
      wechatAppSecret: OPEN.secret,
      wechatMpAppId: MP.id,
      wechatMpAppSecret: MP.secret,
      wechatApiUrl: apiUrl,
    },
  };
}

let personCounter = 0;
function newPerson(label: string, withUnion = true): WechatPerson {
  personCounter += 1;
  const id = `${label}${personCounter}${Math.random().toString(36).slice(2, 8)}`;
  return { openid: `o_${id}`, nickname: `${label} ${personCounter}`, headimgurl: 'https://thirdwx.qlogo.cn/a.png', ...(withUnion ? { unionid: `u_${id}` } : {}) };
}

describe('WeChat without settings', () => {
  it('answers not configured naming the setting, and no MP app id', async () => {
    const created = await variants[0]!.create();
    const app = await buildApp(created.config);
    try {
      expect(await call(app, 'GET', '/auth/getQrCode')).toMatchObject({ code: 503, msg: 'WeChat sign-in is not configured on this server (set WECHAT_APP_ID)' });
      expect((await call(app, 'GET', '/auth/getQrCode?channel=mp', { lang: 'zh-TW' })).msg).toBe('此伺服器未設定微信登入（請設定 WECHAT_MP_APP_ID）');
      expect(await call(app, 'GET', '/system/config/configKey/WEICHAT_MP_APP_ID')).toMatchObject({ code: 200, data: null });
    } finally {
      await app.close();
      await created.cleanup();
    }
  });
});

describe.each(variants)('WeChat sign-in on $name', (variant) => {
  describe.skipIf(variant.skipReason)('', () => {
    let app: FastifyInstance;
    let wechat: WechatTestServer;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      wechat = await startWechatTestServer({ [OPEN.id]: OPEN.secret, [MP.id]: MP.secret });
      const created = await variant.create(wechatConfig(wechat.url));
      cleanup = created.cleanup;
      app = await buildApp(created.config, { clock: new ManualClock() });
    });
    afterAll(async () => {
      await app?.close();
      await wechat?.close();
      await cleanup?.();
    });

    async function scan(person: WechatPerson, options: { token?: string; purpose?: 'bind' } = {}) {
      const started = await call(app, 'GET', `/auth/getQrCode${options.purpose ? '?purpose=bind' : ''}`, { token: options.token ?? null });
      expect(started.code).toBe(200);
      const state: string = started.data.state;
      const code = wechat.issueCode(OPEN.id, person);
      const phone = await call(app, 'GET', `/auth/getOpenId?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
      expect(phone.data).toEqual({ status: 'confirmed' });
      return state;
    }

    const poll = (state: string) => call(app, 'GET', `/auth/getOpenId?state=${encodeURIComponent(state)}`);

    async function registerByCode(email = uniqueEmail('wx')) {
      await call(app, 'POST', '/auth/c/getValidCode', { body: { username: email, scene: 'register' } });
      const code = await latestCodeFor(app, email);
      const done = await call(app, 'POST', '/auth/c/doLoginByValidCode', { body: { username: email, code, password: 'secret123' } });
      return { email, token: done.data.token as string };
    }

    const count = async (table: 'users' | 'user_identities') =>
      Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    it('gives a QR of the Open Platform authorize address with state and our callback', async () => {
      const { data } = await call(app, 'GET', '/auth/getQrCode');
      const url = new URL(data.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        appid: OPEN.id,
        redirect_uri: `${PUBLIC_BASE_URL}/login?wechat=callback`,
        response_type: 'code',
        scope: 'snsapi_login',
        state: data.state,
      });
      expect(url.hash).toBe('#wechat_redirect');
      expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
      expect(data.expiresInSeconds).toBe(600);
      expect((await poll(data.state)).data).toEqual({ status: 'waiting' });
    });

    it('exchanges the code as WeChat documents it, then registers a WeChat-only account once and signs it in again', async () => {
      const person = newPerson('Lin');
      const state = await scan(person);
      const exchange = wechat.requests.filter((r) => r.pathname === '/sns/oauth2/access_token').at(-1)!;
      expect(exchange.searchParams.get('appid')).toBe(OPEN.id);
      expect(exchange.searchParams.get('secret')).toBe(OPEN.secret);
      expect(exchange.searchParams.get('grant_type')).toBe('authorization_code');
      const info = wechat.requests.filter((r) => r.pathname === '/sns/userinfo').at(-1)!;
      expect(info.searchParams.get('openid')).toBe(person.openid);

      const polled = await poll(state);
      expect(polled.data).toMatchObject({ status: 'needsRegistration', nickname: person.nickname });
      const registered = await call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state } });
      expect(registered.code).toBe(200);
      const me = await call(app, 'GET', '/auth/getUserInfo', { token: registered.data.token });
      expect(me.data.name).toBe(person.nickname);
      const identity = await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', me.data.id).executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ provider: 'wechat', subject: person.unionid });
      // The spent request answers expired and cannot register twice.
      expect((await poll(state)).data).toEqual({ status: 'expired' });
      const users = await count('users');
      expect((await call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state } })).code).toBe(400);
      expect(await count('users')).toBe(users);

      const again = await scan(person);
      const signedIn = await poll(again);
      expect(signedIn.data.status).toBe('signedIn');
      const meAgain = await call(app, 'GET', '/auth/getUserInfo', { token: signedIn.data.token });
      expect(meAgain.data.id).toBe(me.data.id);
      // Only one poller gets the token.
      expect((await poll(again)).data).toEqual({ status: 'expired' });
    });

    it('registers by linking an address the person proves with a code (an existing account keeps its id)', async () => {
      const owner = await registerByCode();
      const ownerInfo = await call(app, 'GET', '/auth/getUserInfo', { token: owner.token });
      const person = newPerson('Wang', false);
      const state = await scan(person);
      await call(app, 'POST', '/auth/c/getValidCode', { body: { username: owner.email, scene: 'login' } });
      const code = await latestCodeFor(app, owner.email);
      const wrong = await call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state, username: owner.email, code: code === '000000' ? '111111' : '000000' } });
      expect(wrong).toMatchObject({ code: 400, msg: 'The verification code is wrong or has expired' });
      expect(await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', ownerInfo.data.id).execute()).toEqual([]);
      const linked = await call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state, username: owner.email, code } });
      expect(linked.code).toBe(200);
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: linked.data.token })).data.id).toBe(ownerInfo.data.id);
      // Without a unionid the openid is the identity.
      const identity = await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', ownerInfo.data.id).executeTakeFirstOrThrow();
      expect(identity.subject).toBe(person.openid);
    });

    it("answers WeChat's errcode in the reader's language and records nothing", async () => {
      const started = await call(app, 'GET', '/auth/getQrCode');
      const refused = await call(app, 'GET', `/auth/getOpenId?code=NOT_ISSUED&state=${started.data.state}`, { lang: 'zh-CN' });
      expect(refused).toMatchObject({ code: 400, msg: '微信拒绝了此次登录（错误 40029：invalid code），请重新扫码' });
      expect((await poll(started.data.state)).data).toEqual({ status: 'waiting' });
      const unknown = await call(app, 'GET', '/auth/getOpenId?code=X&state=made-up', { lang: 'zh-TW' });
      expect(unknown).toMatchObject({ code: 400, msg: '此登入請求已過期或已被使用，請重新開始' });
    });

    it('signs in inside WeChat through the official account (snsapi_userinfo), sharing the unionid with the website app', async () => {
      const person = newPerson('Zhao');
      const state = await scan(person);
      const registered = await call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state } });
      const me = await call(app, 'GET', '/auth/getUserInfo', { token: registered.data.token });

      expect(await call(app, 'GET', '/system/config/configKey/WEICHAT_MP_APP_ID')).toMatchObject({ code: 200, data: MP.id });
      const started = await call(app, 'GET', '/auth/getQrCode?channel=mp');
      const url = new URL(started.data.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
      expect(url.searchParams.get('appid')).toBe(MP.id);
      expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
      // The official account has its own openid for the same person; the unionid is shared.
      const inWechat = { ...person, openid: `${person.openid}_mp` };
      const code = wechat.issueCode(MP.id, inWechat);
      const signedIn = await call(app, 'POST', '/auth/wxlogin', { body: { code, state: started.data.state } });
      expect(signedIn.code).toBe(200);
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: signedIn.data.token })).data.id).toBe(me.data.id);
      const exchange = wechat.requests.filter((r) => r.pathname === '/sns/oauth2/access_token').at(-1)!;
      expect(exchange.searchParams.get('secret')).toBe(MP.secret);
      // An open-platform code is not accepted by the official account's app.
      const other = await call(app, 'GET', '/auth/getQrCode?channel=mp');
      const wrongApp = await call(app, 'POST', '/auth/wxlogin', { body: { code: wechat.issueCode(OPEN.id, inWechat), state: other.data.state } });
      expect(wrongApp.code).toBe(400);
    });

    it('binds WeChat to the signed-in account, refuses an account bound elsewhere and another user\'s request', async () => {
      const a = await registerByCode();
      const b = await registerByCode();
      const aInfo = await call(app, 'GET', '/auth/getUserInfo', { token: a.token });
      expect((await call(app, 'GET', '/auth/getQrCode?purpose=bind')).code).toBe(401);

      const person = newPerson('Bind');
      const state = await scan(person, { token: a.token, purpose: 'bind' });
      expect((await call(app, 'GET', `/auth/getOpenId?state=${state}`, { token: a.token })).data).toMatchObject({ status: 'confirmed' });
      // B cannot use A's bind request.
      const stolen = await call(app, 'PUT', '/system/bindingOther', { token: b.token, body: { state } });
      expect(stolen.code).toBe(400);
      expect(await app.db.selectFrom('user_identities').selectAll().where('subject', '=', person.unionid!).execute()).toEqual([]);
      const bound = await call(app, 'PUT', '/system/bindingOther', { token: a.token, body: { state } });
      expect(bound.code).toBe(200);
      const rows = await app.db.selectFrom('user_identities').selectAll().where('subject', '=', person.unionid!).execute();
      expect(rows.map((r) => r.user_id)).toEqual([aInfo.data.id]);

      // The same WeChat account cannot be bound to B.
      const forB = await scan(person, { token: b.token, purpose: 'bind' });
      const taken = await call(app, 'PUT', '/system/bindingOther', { token: b.token, body: { state: forB }, lang: 'zh-CN' });
      expect(taken).toMatchObject({ code: 400, msg: '该账号已绑定到其他 Parley 用户' });
      const after = await app.db.selectFrom('user_identities').selectAll().where('subject', '=', person.unionid!).execute();
      expect(after.map((r) => r.user_id)).toEqual([aInfo.data.id]);

      // A second WeChat account for A is refused until the first is unbound.
      const secondFor = await scan(newPerson('Second'), { token: a.token, purpose: 'bind' });
      const second = await call(app, 'PUT', '/system/bindingOther', { token: a.token, body: { state: secondFor } });
      expect(second).toMatchObject({ code: 400, msg: 'This account already has another account of that provider bound. Unbind it first' });
      expect(await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', aInfo.data.id).execute()).toHaveLength(1);

      // A has a password, so unbinding is allowed; a second unbind says there is nothing bound.
      expect((await call(app, 'PUT', '/system/unbindWeCat', { token: a.token, body: {} })).code).toBe(200);
      expect(await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', aInfo.data.id).execute()).toEqual([]);
      expect(await call(app, 'PUT', '/system/unbindWeCat', { token: a.token, body: {} })).toMatchObject({ code: 400, msg: 'No WeChat account is bound to this account' });
    });

    it('refuses to unbind the only way to sign in, and changes nothing', async () => {
      const person = newPerson('Only');
      const state = await scan(person);
      const registered = await call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state } });
      const token = registered.data.token as string;
      const refused = await call(app, 'PUT', '/system/unbindWeCat', { token, body: {}, lang: 'zh-TW' });
      expect(refused).toMatchObject({ code: 400, msg: '這是您唯一的登入方式，請先設定密碼或繫結電子郵件、手機號碼' });
      const me = await call(app, 'GET', '/auth/getUserInfo', { token });
      expect(await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', me.data.id).execute()).toHaveLength(1);
      const enRefusal = await call(app, 'PUT', '/system/unbindWeCat', { token, body: {} });
      expect(enRefusal.msg).toBe('This is your only way to sign in. Set a password or bind an e-mail address or phone first');
    });

    it('binds under a burst of parallel requests exactly once', async () => {
      const a = await registerByCode();
      const person = newPerson('Burst');
      const state = await scan(person, { token: a.token, purpose: 'bind' });
      const answers = await Promise.all(Array.from({ length: 8 }, () => call(app, 'PUT', '/system/bindingOther', { token: a.token, body: { state } })));
      expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
      expect(await app.db.selectFrom('user_identities').selectAll().where('subject', '=', person.unionid!).execute()).toHaveLength(1);
      // And two people racing to register the same scan: one account.
      const other = newPerson('Race');
      const raced = await scan(other);
      const users = await count('users');
      const results = await Promise.all(Array.from({ length: 6 }, () => call(app, 'POST', '/auth/wxRegisterWithLogin', { body: { state: raced } })));
      expect(results.filter((r) => r.code === 200)).toHaveLength(1);
      expect(await count('users')).toBe(users + 1);
    });
  });
});
