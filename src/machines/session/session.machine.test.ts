// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Locale } from '../../shared/contract/limits';
import {
  routeEffects,
  selectAccountDetail,
  selectIsSignedIn,
  selectIsVisitor,
  selectLocale,
  selectPermissions,
  selectUser,
  sessionMachine,
  type SessionInput,
} from './session.machine';
import { loginPathKeepingQuery } from './session.rules';
import type { AccountDetail, AccountPermissions, UserInfo } from './session.types';

const alice: UserInfo = { id: 'u1', name: 'alice', email: 'alice@example.com' };
const guest: UserInfo = { id: 'v1', name: 'visitor' };
const aliceAccount: AccountDetail = { vipMember: { accountTypeName: 'VIP', remarkString: 'until 2030', operationString: 'Renew' } };

interface Recorder {
  cookie: string | null;
  storedLocale: string | null;
  userCalls: string[];
  accountCalls: string[];
  permissionCalls: number;
  revokeCalls: number;
  navigations: string[];
  announcedLocales: Locale[];
}

function start(
  input: Partial<SessionInput> = {},
  options: { users?: Record<string, UserInfo | null>; failUser?: boolean } = {},
) {
  const users = options.users ?? { 'alice-token': alice, 'guest-token': guest };
  const recorder: Recorder = {
    cookie: input.token ?? null,
    storedLocale: input.storedLocale ?? null,
    userCalls: [],
    accountCalls: [],
    permissionCalls: 0,
    revokeCalls: 0,
    navigations: [],
    announcedLocales: [],
  };
  const machine = sessionMachine.provide({
    actors: {
      fetchUserInfo: fromPromise(async ({ input: { token } }: { input: { token: string } }) => {
        recorder.userCalls.push(token);
        if (options.failUser) throw new Error('network');
        return users[token] ?? null;
      }),
      fetchAccountDetail: fromPromise(async ({ input: { userId } }: { input: { userId: string } }): Promise<AccountDetail | null> => {
        recorder.accountCalls.push(userId);
        return aliceAccount;
      }),
      fetchPermissions: fromPromise(async (): Promise<AccountPermissions | null> => {
        recorder.permissionCalls += 1;
        return { screenCasting: true };
      }),
      revokeToken: fromPromise(async () => {
        recorder.revokeCalls += 1;
      }),
    },
    actions: {
      persistToken: (_, params: { token: string }) => {
        recorder.cookie = params.token;
      },
      forgetToken: () => {
        recorder.cookie = null;
      },
      persistLocale: (_, params: { locale: Locale }) => {
        recorder.storedLocale = params.locale;
      },
    },
  });
  const actor = createActor(machine, {
    input: { token: null, storedLocale: null, browserLanguage: 'en-GB', ...input },
  });
  actor.on('navigate', (event) => recorder.navigations.push(event.to));
  actor.on('locale.changed', (event) => recorder.announcedLocales.push(event.locale));
  actor.start();
  const go = (pathname: string, search = '') => actor.send({ type: 'route.changed', pathname, search });
  const settle = () => waitFor(actor, (s) => !s.matches('loadingUser') && !s.matches('loggingOut'));
  return { actor, recorder, go, settle };
}

describe('session machine: language', () => {
  it('uses the stored locale when it is one of the three', () => {
    const { actor, recorder } = start({ storedLocale: 'zh-TW', browserLanguage: 'en-US' });
    expect(selectLocale(actor.getSnapshot())).toBe('zh-TW');
    expect(recorder.announcedLocales).toEqual(['zh-TW']);
  });

  it('falls back to the browser language, a bare zh being zh-CN, and saves the result', () => {
    const { actor, recorder } = start({ storedLocale: null, browserLanguage: 'zh' });
    expect(selectLocale(actor.getSnapshot())).toBe('zh-CN');
    expect(recorder.storedLocale).toBe('zh-CN');
  });

  it('uses en-US for any other browser language', () => {
    const { actor, recorder } = start({ storedLocale: 'fr-FR', browserLanguage: 'de-DE' });
    expect(selectLocale(actor.getSnapshot())).toBe('en-US');
    expect(recorder.storedLocale).toBe('en-US');
  });

  it('lets a lang query parameter set, save and announce the locale', () => {
    const { actor, recorder, go } = start();
    go('/login', '?lang=zh-TW');
    expect(selectLocale(actor.getSnapshot())).toBe('zh-TW');
    expect(recorder.storedLocale).toBe('zh-TW');
    expect(recorder.announcedLocales).toEqual(['en-US', 'zh-TW']);
  });

  it('ignores a lang query parameter that is not one of the three', () => {
    const { actor, go } = start();
    go('/login', '?lang=fr');
    expect(selectLocale(actor.getSnapshot())).toBe('en-US');
  });

  it('changes the locale on locale.change', () => {
    const { actor, recorder } = start();
    actor.send({ type: 'locale.change', locale: 'zh-CN' });
    expect(selectLocale(actor.getSnapshot())).toBe('zh-CN');
    expect(recorder.storedLocale).toBe('zh-CN');
    expect(recorder.announcedLocales.at(-1)).toBe('zh-CN');
  });
});

describe('session machine: token and user info', () => {
  it('waits for the first location, then is anonymous without a token and fetches nothing', () => {
    const { actor, recorder, go } = start();
    expect(actor.getSnapshot().matches('booting')).toBe(true);
    go('/');
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(recorder.userCalls).toEqual([]);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(false);
  });

  it('fetches user info outside the public pages and loads account detail and permissions', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/recordList');
    expect(actor.getSnapshot().matches('loadingUser')).toBe(true);
    await settle();
    await waitFor(actor, (s) => s.matches({ signedIn: { account: 'loaded', permissions: 'loaded' } }));
    const snapshot = actor.getSnapshot();
    expect(recorder.userCalls).toEqual(['alice-token']);
    expect(selectUser(snapshot)).toEqual(alice);
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(recorder.accountCalls).toEqual(['u1']);
    expect(selectAccountDetail(snapshot)).toEqual(aliceAccount);
    expect(selectPermissions(snapshot)).toEqual({ screenCasting: true });
  });

  it('fetches user info only once per token across navigations', async () => {
    const { recorder, go, settle } = start({ token: 'alice-token' });
    go('/');
    await settle();
    go('/recordList');
    go('/favourList');
    expect(recorder.userCalls).toEqual(['alice-token']);
  });

  it.each([
    '/login',
    '/register',
    '/userLogin',
    '/resetPassword',
    '/googleLoginCallBack',
    '/meetingShare',
    '/meetingShareIng',
    '/meetingShareDownload',
    '/myQrCodeMiddlePage',
    '/screenProjection',
  ])('skips the user-info check on the public page %s', (pathname) => {
    const { actor, recorder, go } = start({ token: 'alice-token' });
    go(pathname);
    expect(recorder.userCalls).toEqual([]);
    expect(actor.getSnapshot().matches('unchecked')).toBe(true);
  });

  it('stores a token from the query as the login token', async () => {
    const { actor, recorder, go, settle } = start();
    go('/', '?token=alice-token&x=1');
    expect(recorder.cookie).toBe('alice-token');
    await settle();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it.each(['/paypalReturn', '/paypalCallBack'])('does not take the query token on %s', (pathname) => {
    const { actor, recorder, go } = start();
    go(pathname, '?token=EC-PAYPAL&PayerID=P1');
    expect(recorder.cookie).toBeNull();
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('replaces the login when the query carries a different token', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/');
    await settle();
    go('/', '?token=guest-token');
    expect(recorder.cookie).toBe('guest-token');
    await settle();
    expect(recorder.userCalls).toEqual(['alice-token', 'guest-token']);
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });

  it("clears the stored login when the user name is 'visitor' outside the public pages", async () => {
    const { actor, recorder, go, settle } = start({ token: 'guest-token' });
    go('/');
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('visitor')).toBe(true);
    expect(recorder.cookie).toBeNull();
    expect(snapshot.context.token).toBeNull();
    expect(selectIsVisitor(snapshot)).toBe(true);
    expect(selectIsSignedIn(snapshot)).toBe(false);
  });

  it('keeps a visitor token on a public page (visitor sign-in to join a shared meeting)', async () => {
    const { actor, recorder, go, settle } = start();
    go('/meetingShare', '?meetingId=m1');
    actor.send({ type: 'session.signedIn', token: 'guest-token' });
    await settle();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
    expect(recorder.cookie).toBe('guest-token');
    go('/');
    expect(recorder.cookie).toBeNull();
    expect(actor.getSnapshot().matches('visitor')).toBe(true);
  });

  it.each(['browser_plugin_media', 'media_desk'])(
    'clears the stored login when source is %s on an authentication page',
    async (source) => {
      const { actor, recorder, go, settle } = start({ token: 'alice-token' });
      go('/');
      await settle();
      go('/login', `?source=${source}`);
      expect(recorder.cookie).toBeNull();
      expect(actor.getSnapshot().matches('anonymous')).toBe(true);
      expect(selectUser(actor.getSnapshot())).toBeNull();
    },
  );

  it('keeps the login when such a source appears on a page that is not an authentication page', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/');
    await settle();
    go('/meetingShare', '?source=media_desk');
    expect(recorder.cookie).toBe('alice-token');
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('signs in with session.signedIn and fetches the user at once', async () => {
    const { actor, recorder, go, settle } = start();
    go('/login');
    actor.send({ type: 'session.signedIn', token: 'alice-token' });
    expect(recorder.cookie).toBe('alice-token');
    await settle();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
  });

  it('stays unchecked (token kept) when the user-info call fails for a reason other than 401', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' }, { failUser: true });
    go('/');
    await settle();
    expect(actor.getSnapshot().matches('unchecked')).toBe(true);
    expect(recorder.cookie).toBe('alice-token');
  });

  it('treats an empty user info as signed out', async () => {
    const { actor, recorder, go, settle } = start({ token: 'stale-token' }, { users: {} });
    go('/');
    await settle();
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(recorder.cookie).toBeNull();
  });
});

describe('session machine: expiry and logout', () => {
  it('on session.expired clears the token and goes to /login keeping the query minus token', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/recordList', '?token=alice-token&meetingId=m7&lang=en-US');
    await settle();
    actor.send({ type: 'session.expired' });
    expect(recorder.cookie).toBeNull();
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(recorder.navigations).toEqual(['/login?meetingId=m7&lang=en-US']);
  });

  it('on logout revokes the token first, then clears token and user info and goes to /login', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/');
    await settle();
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(recorder.cookie).toBe('alice-token');
    await settle();
    expect(recorder.revokeCalls).toBe(1);
    expect(recorder.cookie).toBeNull();
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(selectAccountDetail(actor.getSnapshot())).toBeNull();
    expect(recorder.navigations).toEqual(['/login']);
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
  });

  it('logout without a token skips the server call but still goes to /login', () => {
    const { actor, recorder, go } = start();
    go('/');
    actor.send({ type: 'session.logout' });
    expect(recorder.revokeCalls).toBe(0);
    expect(recorder.navigations).toEqual(['/login']);
  });

  it('reloads account detail and permissions on account.refresh', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/');
    await settle();
    await waitFor(actor, (s) => s.matches({ signedIn: { account: 'loaded', permissions: 'loaded' } }));
    actor.send({ type: 'account.refresh' });
    await waitFor(actor, (s) => s.matches({ signedIn: { account: 'loaded', permissions: 'loaded' } }));
    expect(recorder.accountCalls).toEqual(['u1', 'u1']);
    expect(recorder.permissionCalls).toBe(2);
  });

  it('fetches the account blocks again in the new language after locale.change (the server writes them)', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/');
    await settle();
    await waitFor(actor, (s) => s.matches({ signedIn: { account: 'loaded', permissions: 'loaded' } }));
    const localeAtFetch: Array<string | null> = [];
    actor.send({ type: 'locale.change', locale: 'zh-TW' });
    // The locale is stored (the api sends it as accept-language) before the new fetch starts.
    localeAtFetch.push(recorder.storedLocale);
    expect(actor.getSnapshot().matches({ signedIn: { account: 'loading' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ signedIn: { account: 'loaded' } }));
    expect(recorder.accountCalls).toEqual(['u1', 'u1']);
    expect(localeAtFetch).toEqual(['zh-TW']);
    expect(recorder.permissionCalls).toBe(1);
    expect(selectLocale(actor.getSnapshot())).toBe('zh-TW');
    expect(recorder.announcedLocales.at(-1)).toBe('zh-TW');
  });
});

describe('pure rules', () => {
  it('routeEffects computes the three query rules', () => {
    const context = { token: 'old', locale: 'en-US' as const };
    expect(routeEffects(context, '/', '?token=new&lang=zh-CN')).toEqual({
      clearLogin: false,
      newToken: 'new',
      locale: 'zh-CN',
    });
    expect(routeEffects(context, '/register', '?source=media_desk')).toEqual({
      clearLogin: true,
      newToken: null,
      locale: null,
    });
    expect(routeEffects(context, '/', '?token=old').newToken).toBeNull();
  });

  it('loginPathKeepingQuery drops only the token', () => {
    expect(loginPathKeepingQuery('?token=a&b=2')).toBe('/login?b=2');
    expect(loginPathKeepingQuery('?token=a')).toBe('/login');
    expect(loginPathKeepingQuery('')).toBe('/login');
  });
});

describe('session machine: the personal centre updates the user', () => {
  it('merges saved fields into the signed-in user without reading anything again', async () => {
    const { actor, recorder, go, settle } = start({ token: 'alice-token' });
    go('/user/profile');
    await settle();
    await waitFor(actor, (s) => s.matches({ signedIn: { account: 'loaded' } }));
    const calls = [recorder.userCalls.length, recorder.accountCalls.length];
    actor.send({ type: 'user.updated', changes: { nickname: 'Al', avatar: '/prod-api/system/user/avatar/a.webp' } });
    expect(selectUser(actor.getSnapshot())).toMatchObject({ id: alice.id, name: alice.name, nickname: 'Al', avatar: '/prod-api/system/user/avatar/a.webp' });
    expect([recorder.userCalls.length, recorder.accountCalls.length]).toEqual(calls);
  });

  it('ignores an update while nobody is signed in', () => {
    const { actor } = start();
    actor.send({ type: 'user.updated', changes: { nickname: 'Al' } });
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });
});
