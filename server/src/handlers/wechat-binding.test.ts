// The whole WeChat bind flow of the personal centre through the real handlers, against the local
// server that follows WeChat's documents (wechat-test-server.ts), as the client runs it: a bind
// request (getQrCode purpose bind), the phone's scan (WeChat's callback to getOpenId with code and
// state), the page's polls (getOpenId with the state: waiting, then confirmed), bindingOther with the
// state; userInfo then reports wechatBound. Unbinding is refused while WeChat is the account's only
// way to sign in (nothing changes) and allowed once the account has a password.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { hashPassword } from '../domain/session/passwords';
import { issueToken } from '../domain/session/tokens';
import { databaseVariants } from '../testing/database-variants';
import { call, ManualClock } from '../testing/inject';
import { startWechatTestServer, type WechatTestServer } from '../testing/wechat-test-server';

const variants = await databaseVariants();
const PUBLIC_BASE_URL = 'http://parley.test';
const OPEN = { id: 'wxopen0000000002', secret: 'open-secret-0002' };

function wechatConfig(apiUrl: string): Partial<ServerConfig> {
  return {
    wechatAppId: OPEN.id,
    publicBaseUrl: PUBLIC_BASE_URL,
    social: {
      googleClientSecret: null,
      oidcIssuer: 'https://accounts.google.com',
      wechatAppSecret: OPEN.secret,
      wechatMpAppId: null,
      wechatMpAppSecret: null,
      wechatApiUrl: apiUrl,
    },
  };
}

describe.each(variants)('WeChat binding of the personal centre on $name', (variant) => {
  describe.skipIf(variant.skipReason)('', () => {
    let app: FastifyInstance;
    let wechat: WechatTestServer;
    let cleanup: () => Promise<void>;
    const clock = new ManualClock();

    beforeAll(async () => {
      wechat = await startWechatTestServer({ [OPEN.id]: OPEN.secret });
      const created = await variant.create(wechatConfig(wechat.url));
      cleanup = created.cleanup;
      app = await buildApp(created.config, { clock });
    });
    afterAll(async () => {
      await app?.close();
      await wechat?.close();
      await cleanup?.();
    });

    /** A signed-in account with no password, e-mail or phone: WeChat will be its only way in once bound. */
    async function accountWithoutWayIn() {
      const now = clock.now().toISOString();
      const id = randomUUID();
      await app.db
        .insertInto('users')
        .values({ id, email: null, phone: null, name: 'Mei', nickname: null, avatar: null, password_hash: null, is_visitor: 0, share_status: '0', created_at: now, updated_at: now })
        .execute();
      return { id, token: await issueToken(app.db, clock, id) };
    }

    const identitiesOf = (userId: string) => app.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();

    it('binds by the confirmed request, reports wechatBound, refuses to unbind the last way in, allows it with a password', async () => {
      const user = await accountWithoutWayIn();
      const other = await accountWithoutWayIn();
      const before = await call(app, 'GET', '/auth/getUserInfo', { token: user.token });
      expect(before.data).toMatchObject({ id: user.id, wechatBound: false });

      // The page asks for a bind request and shows its authorize address as a QR code.
      const started = await call(app, 'GET', '/auth/getQrCode?purpose=bind', { token: user.token });
      expect(started.code).toBe(200);
      const state: string = started.data.state;
      const authorize = new URL(started.data.url);
      expect(authorize.searchParams.get('state')).toBe(state);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_BASE_URL}/login?wechat=callback`);
      expect(started.data.qrCode).toMatch(/^data:image\/png;base64,/);
      const poll = () => call(app, 'GET', `/auth/getOpenId?state=${encodeURIComponent(state)}`, { token: user.token });
      expect((await poll()).data).toEqual({ status: 'waiting' });

      // The phone scans; WeChat sends it back to our callback with a code, which the server exchanges.
      const person = { openid: `o_bind_${randomUUID()}`, unionid: `u_bind_${randomUUID()}`, nickname: 'Mei on WeChat', headimgurl: 'https://thirdwx.qlogo.cn/m.png' };
      const code = wechat.issueCode(OPEN.id, person);
      expect((await call(app, 'GET', `/auth/getOpenId?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`)).data).toEqual({ status: 'confirmed' });
      const exchange = wechat.requests.filter((r) => r.pathname === '/sns/oauth2/access_token').at(-1)!;
      expect(Object.fromEntries(exchange.searchParams)).toMatchObject({ appid: OPEN.id, secret: OPEN.secret, code, grant_type: 'authorization_code' });
      expect((await poll()).data).toMatchObject({ status: 'confirmed', nickname: person.nickname });
      expect(await identitiesOf(user.id)).toEqual([]);

      const bound = await call(app, 'PUT', '/system/bindingOther', { token: user.token, body: { state } });
      expect(bound.code).toBe(200);
      expect((await identitiesOf(user.id)).map((row) => [row.provider, row.subject])).toEqual([['wechat', person.unionid]]);
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: user.token })).data).toMatchObject({ id: user.id, wechatBound: true });
      expect((await call(app, 'GET', '/system/getClientInfo', { token: user.token })).data).toMatchObject({ id: user.id, wechatBound: true });
      // Another user's info says nothing of this binding.
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: other.token })).data).toMatchObject({ id: other.id, wechatBound: false });

      // WeChat is now the only way in: unbinding is refused in the reader's language, nothing changes.
      const refusedZh = await call(app, 'PUT', '/system/unbindWeCat', { token: user.token, body: {}, lang: 'zh-CN' });
      expect(refusedZh).toMatchObject({ code: 400, msg: '这是您唯一的登录方式，请先设置密码或绑定邮箱、手机号' });
      const refusedEn = await call(app, 'PUT', '/system/unbindWeCat', { token: user.token, body: {} });
      expect(refusedEn.msg).toBe('This is your only way to sign in. Set a password or bind an e-mail address or phone first');
      expect(await identitiesOf(user.id)).toHaveLength(1);
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: user.token })).data.wechatBound).toBe(true);

      // With a password the account keeps a way in, so WeChat may go.
      await app.db.updateTable('users').set({ password_hash: await hashPassword('secret123') }).where('id', '=', user.id).execute();
      expect((await call(app, 'PUT', '/system/unbindWeCat', { token: user.token, body: {} })).code).toBe(200);
      expect(await identitiesOf(user.id)).toEqual([]);
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: user.token })).data.wechatBound).toBe(false);
    });

    it("cannot bind another user's confirmed request, nor a request that was never confirmed", async () => {
      const owner = await accountWithoutWayIn();
      const thief = await accountWithoutWayIn();
      const started = await call(app, 'GET', '/auth/getQrCode?purpose=bind', { token: owner.token });
      const state: string = started.data.state;
      // Not scanned yet: nothing to bind.
      expect((await call(app, 'PUT', '/system/bindingOther', { token: owner.token, body: { state } })).code).toBe(400);
      const code = wechat.issueCode(OPEN.id, { openid: `o_${randomUUID()}`, nickname: 'Owner', headimgurl: '' });
      await call(app, 'GET', `/auth/getOpenId?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
      expect((await call(app, 'PUT', '/system/bindingOther', { token: thief.token, body: { state } })).code).toBe(400);
      expect(await identitiesOf(thief.id)).toEqual([]);
      expect(await identitiesOf(owner.id)).toEqual([]);
      expect((await call(app, 'GET', '/auth/getUserInfo', { token: thief.token })).data.wechatBound).toBe(false);
    });
  });
});
