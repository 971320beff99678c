// Google sign-in as OpenID Connect (issue 15 §2, §5), on SQLite and PostgreSQL: the whole flow against a
// real local provider (oidc-provider), and the verifier's refusals against a provider whose ID tokens the
// test forges: wrong audience, bad signature, expired, mismatched nonce; a replayed state; nothing
// written by any refusal.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { databaseVariants } from '../testing/database-variants';
import { call, latestCodeFor, ManualClock, uniqueEmail } from '../testing/inject';
import { driveDevInteractions, startForgingProvider, startOidcProvider } from '../testing/oidc-test-provider';
import type { ServerConfig } from '../config';

const variants = await databaseVariants();
const PUBLIC_BASE_URL = 'http://parley.test';
const CLIENT = { clientId: 'parley-web', clientSecret: 'parley-secret-0123456789', redirectUri: `${PUBLIC_BASE_URL}/googleLoginCallBack` };

function socialConfig(issuer: string): Partial<ServerConfig> {
  return {
    googleClientId: CLIENT.clientId,
    publicBaseUrl: PUBLIC_BASE_URL,
    social: {
      googleClientSecret: CLIENT.clientSecret,
      oidcIssuer: issuer,
      wechatAppSecret: null,
      wechatMpAppId: null,
      wechatMpAppSecret: null,
      wechatApiUrl: 'http://127.0.0.1:9',
    },
  };
}

async function counts(app: FastifyInstance) {
  const users = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const identities = await app.db.selectFrom('user_identities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const tokens = await app.db.selectFrom('auth_tokens').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { users: Number(users.n), identities: Number(identities.n), tokens: Number(tokens.n) };
}

describe('Google sign-in without settings', () => {
  const variant = variants[0]!;
  it('answers not configured, naming the missing setting, in each language', async () => {
    const created = await variant.create();
    const app = await buildApp(created.config);
    try {
      const en = await call(app, 'GET', '/auth/render/google');
      expect(en).toMatchObject({ code: 503, msg: 'Google sign-in is not configured on this server (set GOOGLE_CLIENT_ID)' });
      const zh = await call(app, 'GET', '/auth/render/google', { lang: 'zh-CN' });
      expect(zh.msg).toBe('此服务器未配置 Google 登录（请设置 GOOGLE_CLIENT_ID）');
      const tw = await call(app, 'POST', '/auth/googleRegisterWithLogin', { body: { code: 'x', state: 'y' }, lang: 'zh-TW' });
      expect(tw.code).not.toBe(200);
    } finally {
      await app.close();
      await created.cleanup();
    }
  });
});

describe.each(variants)('Google sign-in on $name', (variant) => {
  describe.skipIf(variant.skipReason)('', () => {
    let app: FastifyInstance;
    let forgingApp: FastifyInstance;
    let provider: Awaited<ReturnType<typeof startOidcProvider>>;
    let forger: Awaited<ReturnType<typeof startForgingProvider>>;
    const cleanups: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      provider = await startOidcProvider(CLIENT);
      forger = await startForgingProvider();
      const real = await variant.create(socialConfig(provider.issuer));
      cleanups.push(real.cleanup);
      app = await buildApp(real.config, { clock: new ManualClock() });
      const forged = await variant.create(socialConfig(forger.issuer));
      cleanups.push(forged.cleanup);
      forgingApp = await buildApp(forged.config, { clock: new ManualClock() });
    });
    afterAll(async () => {
      await app?.close();
      await forgingApp?.close();
      await provider?.close();
      await forger?.close();
      for (const cleanup of cleanups) await cleanup();
    });

    async function signInAt(login: string, query = '') {
      const started = await call(app, 'GET', `/auth/render/google${query}`);
      expect(started.code).toBe(200);
      const url = new URL(started.data.url);
      const callback = await driveDevInteractions(url.href, login, CLIENT.redirectUri);
      return { started, url, callback };
    }

    it('builds the authorization request with state, nonce and PKCE S256', async () => {
      const { data } = await call(app, 'GET', '/auth/render/google');
      const url = new URL(data.url);
      expect(url.origin).toBe(provider.issuer);
      expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
      expect(url.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUri);
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('scope')).toBe('openid email profile');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('state')).toBe(data.state);
      expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      // The verifier and nonce stay on the server: only the state's hash is stored.
      const row = await app.db.selectFrom('social_sign_in_requests').selectAll().where('provider', '=', 'google').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(row.state_hash).not.toBe(data.state);
      expect(row.nonce).toBe(url.searchParams.get('nonce'));
    });

    it('signs in through the provider, registers once, signs the same person in again, and refuses the replayed state', async () => {
      const { callback } = await signInAt('Ada');
      const code = callback.searchParams.get('code')!;
      const state = callback.searchParams.get('state')!;
      const iss = callback.searchParams.get('iss')!;
      expect(iss).toBe(provider.issuer);
      const first = await call(app, 'POST', '/auth/googleRegisterWithLogin', { body: { code, state, iss } });
      expect(first.code).toBe(200);
      const me = await call(app, 'GET', '/auth/getUserInfo', { token: first.data.token });
      expect(me.data.name).toBe('Ada');
      const user = await app.db.selectFrom('users').selectAll().where('email', '=', 'ada@example.test').executeTakeFirstOrThrow();
      expect(user.password_hash).toBeNull();
      const identity = await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ provider: 'google', subject: 'Ada', email: 'ada@example.test' });

      const before = await counts(app);
      const replay = await call(app, 'POST', '/auth/googleRegisterWithLogin', { body: { code, state, iss }, lang: 'zh-CN' });
      expect(replay).toMatchObject({ code: 400, msg: '此登录请求已过期或已被使用，请重新开始' });
      expect(await counts(app)).toEqual(before);

      const again = await signInAt('Ada');
      const second = await call(app, 'POST', '/auth/googleRegisterWithLogin', {
        body: { code: again.callback.searchParams.get('code')!, state: again.callback.searchParams.get('state')!, iss: again.callback.searchParams.get('iss')! },
      });
      expect(second.code).toBe(200);
      expect((await counts(app)).users).toBe(before.users);
      const meAgain = await call(app, 'GET', '/auth/getUserInfo', { token: second.data.token });
      expect(meAgain.data.id).toBe(me.data.id);
    });

    it('links an existing account by a verified e-mail only', async () => {
      // An account registered with a password and code at grace@example.test.
      const email = 'grace@example.test';
      await call(app, 'POST', '/auth/c/getValidCode', { body: { username: email, scene: 'register' } });
      const code = await latestCodeFor(app, email);
      const registered = await call(app, 'POST', '/auth/c/doLoginByValidCode', { body: { username: email, code, password: 'secret123' } });
      const owner = await call(app, 'GET', '/auth/getUserInfo', { token: registered.data.token });

      const { callback } = await signInAt('Grace');
      const linked = await call(app, 'POST', '/auth/googleRegisterWithLogin', {
        body: { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, iss: callback.searchParams.get('iss')! },
      });
      const viaGoogle = await call(app, 'GET', '/auth/getUserInfo', { token: linked.data.token });
      expect(viaGoogle.data.id).toBe(owner.data.id);

      // The same address claimed but not verified by the provider: a separate account, the address untouched.
      const victim = uniqueEmail('victim').replace(/@.*/, '');
      const victimEmail = `unverified-${victim}@example.test`;
      await call(app, 'POST', '/auth/c/getValidCode', { body: { username: victimEmail, scene: 'register' } });
      const victimCode = await latestCodeFor(app, victimEmail);
      const victimReg = await call(app, 'POST', '/auth/c/doLoginByValidCode', { body: { username: victimEmail, code: victimCode, password: 'secret123' } });
      const victimInfo = await call(app, 'GET', '/auth/getUserInfo', { token: victimReg.data.token });
      const attacker = await signInAt(`unverified-${victim}@example.test`);
      const attackerIn = await call(app, 'POST', '/auth/googleRegisterWithLogin', {
        body: { code: attacker.callback.searchParams.get('code')!, state: attacker.callback.searchParams.get('state')!, iss: attacker.callback.searchParams.get('iss')! },
      });
      expect(attackerIn.code).toBe(200);
      const attackerInfo = await call(app, 'GET', '/auth/getUserInfo', { token: attackerIn.data.token });
      expect(attackerInfo.data.id).not.toBe(victimInfo.data.id);
      const attackerRow = await app.db.selectFrom('users').selectAll().where('id', '=', attackerInfo.data.id).executeTakeFirstOrThrow();
      expect(attackerRow.email).toBeNull();
      const victimIdentities = await app.db.selectFrom('user_identities').selectAll().where('user_id', '=', victimInfo.data.id).execute();
      expect(victimIdentities).toEqual([]);
    });

    it('keeps the source and a same-site redirect through the round trip', async () => {
      const { callback } = await signInAt('Plugin', '?source=browser_plugin_media&redirect=%2FrecordList');
      const done = await call(app, 'POST', '/auth/googleRegisterWithLogin', {
        body: { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, iss: callback.searchParams.get('iss')! },
      });
      expect(done.data).toMatchObject({ source: 'browser_plugin_media', redirect: '/recordList' });
      const offsite = await call(app, 'GET', '/auth/render/google?redirect=https%3A%2F%2Fevil.example%2F');
      const row = await app.db.selectFrom('social_sign_in_requests').selectAll().where('provider', '=', 'google').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      expect(offsite.code).toBe(200);
      expect(row.redirect).toBeNull();
    });

    describe('the ID token verifier', () => {
      async function startForged() {
        const started = await call(forgingApp, 'GET', '/auth/render/google');
        const url = new URL(started.data.url);
        return { state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
      }
      const now = () => Math.floor(Date.now() / 1000);
      const good = (nonce: string) => ({ iss: forger.issuer, aud: CLIENT.clientId, sub: 'forged-1', nonce, iat: now(), exp: now() + 600, email: 'forged@example.test', email_verified: true });

      it('accepts a well-formed token (so the refusals below are about the one thing each changes)', async () => {
        const { state, nonce } = await startForged();
        forger.answerWith(() => forger.sign(good(nonce)));
        const ok = await call(forgingApp, 'POST', '/auth/googleRegisterWithLogin', { body: { code: 'c-ok', state } });
        expect(ok.code).toBe(200);
        // The token request carried the PKCE verifier and the code, as the provider expects.
        const sent = forger.tokenRequests.at(-1)!;
        expect(sent.get('code')).toBe('c-ok');
        expect(sent.get('grant_type')).toBe('authorization_code');
        expect(sent.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
        expect(sent.get('redirect_uri')).toBe(CLIENT.redirectUri);
      });

      it.each([
        ['a wrong audience', (nonce: string) => forger.sign({ ...good(nonce), aud: 'someone-else' })],
        ['a bad signature', (nonce: string) => forger.sign(good(nonce), { foreignKey: true })],
        ['an expired token', (nonce: string) => forger.sign({ ...good(nonce), iat: now() - 7200, exp: now() - 3600 })],
        ['a mismatched nonce', (_nonce: string) => forger.sign(good('not-the-nonce-we-sent'))],
        ['a wrong issuer', (nonce: string) => forger.sign({ ...good(nonce), iss: 'https://accounts.google.com' })],
      ])('refuses %s and writes nothing', async (_name, forge) => {
        const { state, nonce } = await startForged();
        forger.answerWith(() => forge(nonce));
        const before = await counts(forgingApp);
        const refused = await call(forgingApp, 'POST', '/auth/googleRegisterWithLogin', { body: { code: 'c-bad', state } });
        expect(refused).toMatchObject({ code: 400, msg: 'Google sign-in could not be verified. Please try again' });
        expect(await counts(forgingApp)).toEqual(before);
      });

      it('refuses an unknown state before asking the provider', async () => {
        const asked = forger.tokenRequests.length;
        const refused = await call(forgingApp, 'POST', '/auth/googleRegisterWithLogin', { body: { code: 'c', state: 'made-up' }, lang: 'zh-TW' });
        expect(refused).toMatchObject({ code: 400, msg: '此登入請求已過期或已被使用，請重新開始' });
        expect(forger.tokenRequests.length).toBe(asked);
      });
    });
  });
});
