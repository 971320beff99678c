// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { UserInfo } from '../../machines/session/session.types';
import { wireSession } from './session-wiring';

type Loc = { pathname: string; search: string; hash: string; key: string };

function fakeRouter(initial: Omit<Loc, 'key'>) {
  let key = 0;
  const listeners = new Set<(state: { location: Loc }) => void>();
  const router = {
    state: { location: { ...initial, key: String(key) } as Loc },
    navigations: [] as string[],
    navigate(to: string | { pathname: string; search: string; hash: string }) {
      const next = typeof to === 'string' ? { pathname: to.split('?')[0]!, search: to.includes('?') ? `?${to.split('?')[1]}` : '', hash: '' } : to;
      key += 1;
      router.navigations.push(`${next.pathname}${next.search}`);
      router.state = { location: { ...next, key: String(key) } };
      listeners.forEach((listener) => listener(router.state));
    },
    subscribe(listener: (state: { location: Loc }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return router;
}

function session() {
  return createActor(
    sessionMachine.provide({
      actors: {
        fetchUserInfo: fromPromise<UserInfo | null, { token: string }>(async () => null),
        revokeToken: fromPromise<void, void>(async () => undefined),
      },
      actions: { persistToken: () => {}, forgetToken: () => {}, persistLocale: () => {} },
    }),
    { input: { token: null, storedLocale: 'en-US', browserLanguage: 'en-US' } },
  ).start();
}

describe('wireSession', () => {
  it('reports the first location and each later one to the session', () => {
    const actor = session();
    const router = fakeRouter({ pathname: '/login', search: '?a=1', hash: '' });
    wireSession(actor, router, () => undefined);
    expect(actor.getSnapshot().context.pathname).toBe('/login');
    router.navigate('/register');
    expect(actor.getSnapshot().context.pathname).toBe('/register');
  });

  it('carries a meetingId over (replacing the location) except to /screenProjection', () => {
    const actor = session();
    const router = fakeRouter({ pathname: '/meeting', search: '?meetingId=9', hash: '' });
    wireSession(actor, router, () => undefined);
    router.navigate('/meetingDetail');
    expect(router.navigations).toEqual(['/meetingDetail', '/meetingDetail?meetingId=9']);
    expect(actor.getSnapshot().context.search).toBe('?meetingId=9');
    router.navigate('/screenProjection');
    expect(router.state.location.search).toBe('');
    expect(actor.getSnapshot().context.pathname).toBe('/screenProjection');
  });

  it('performs the navigation the session emits and applies locale changes', () => {
    const actor = session();
    const router = fakeRouter({ pathname: '/', search: '?token=t&x=1', hash: '' });
    const locales: string[] = [];
    wireSession(actor, router, (locale) => locales.push(locale));
    actor.send({ type: 'session.expired' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?x=1');
    actor.send({ type: 'locale.change', locale: 'zh-CN' });
    expect(locales).toEqual(['zh-CN']);
  });
});
