import { and, assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import { VISITOR_NAME, type Locale } from '../../shared/contract/limits';
import { clearToken, isLocale, resolveLocale, writeStoredLocale, writeToken } from '../../shared/session-storage';
import { fetchUserInfoActor } from '../../api/session/get-client-info';
import { revokeTokenActor } from '../../api/session/logout';
import { fetchAccountDetailActor } from '../../api/session/query-account-detail';
import { fetchPermissionsActor } from '../../api/session/query-user-function-judge';
import {
  CLEARING_SOURCES,
  isAuthPath,
  isPaypalReturnPath,
  isPublicPath,
  loginPathKeepingQuery,
} from './session.rules';
import type { AccountDetail, AccountPermissions, UserInfo } from './session.types';

// Session and route-guard rules (platform §4, features §2). Navigation is never performed here: the
// machine emits `navigate` and the route layer performs it, so the machine runs without a router.

export interface SessionContext {
  token: string | null;
  user: UserInfo | null;
  accountDetail: AccountDetail | null;
  permissions: AccountPermissions | null;
  locale: Locale;
  pathname: string;
  search: string;
}

export interface SessionInput {
  token: string | null;
  storedLocale: string | null;
  browserLanguage: string | undefined;
}

export type SessionEvent =
  | { type: 'route.changed'; pathname: string; search: string }
  | { type: 'session.signedIn'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'locale.change'; locale: Locale }
  | { type: 'account.refresh' }
  /** The personal centre saved some of the user's own fields; the header shows them without a reload. */
  | { type: 'user.updated'; changes?: Partial<Pick<UserInfo, 'nickname' | 'name' | 'avatar' | 'email' | 'phone'>> };

export type SessionEmitted = { type: 'navigate'; to: string } | { type: 'locale.changed'; locale: Locale };

interface RouteEffects {
  clearLogin: boolean;
  newToken: string | null;
  locale: Locale | null;
}

/** What a location change does to the session, as a pure function so guards and actions agree. */
export function routeEffects(
  context: Pick<SessionContext, 'token' | 'locale'>,
  pathname: string,
  search: string,
): RouteEffects {
  const query = new URLSearchParams(search);
  const source = query.get('source');
  const clearLogin = source !== null && CLEARING_SOURCES.has(source) && isAuthPath(pathname);
  const tokenAfterClear = clearLogin ? null : context.token;
  const queryToken = query.get('token');
  const newToken =
    queryToken && !isPaypalReturnPath(pathname) && queryToken !== tokenAfterClear ? queryToken : null;
  const lang = query.get('lang');
  const locale = isLocale(lang) && lang !== context.locale ? lang : null;
  return { clearLogin, newToken, locale };
}

const signedOut = { token: null, user: null, accountDetail: null, permissions: null } as const;

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    input: {} as SessionInput,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    fetchUserInfo: fetchUserInfoActor,
    fetchAccountDetail: fetchAccountDetailActor,
    fetchPermissions: fetchPermissionsActor,
    revokeToken: revokeTokenActor,
  },
  actions: {
    persistToken: (_, params: { token: string }) => writeToken(params.token),
    forgetToken: () => clearToken(),
    persistLocale: (_, params: { locale: Locale }) => writeStoredLocale(params.locale),
    announceLocale: emit((_, params: { locale: Locale }) => ({ type: 'locale.changed' as const, locale: params.locale })),
    navigate: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasUser: ({ context }) => context.user !== null,
    userIsVisitor: ({ context }) => context.user?.name === VISITOR_NAME,
    onPublicPage: ({ context }) => isPublicPath(context.pathname),
    routeChangesLogin: ({ context, event }) => {
      if (event.type !== 'route.changed') return false;
      const effects = routeEffects(context, event.pathname, event.search);
      return effects.clearLogin || effects.newToken !== null;
    },
    fetchedVisitor: ({ event }) =>
      (event as unknown as { output: UserInfo | null }).output?.name === VISITOR_NAME,
    fetchedNobody: ({ event }) => !(event as unknown as { output: UserInfo | null }).output,
  },
});

const applyRouteRules = sessionSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== 'route.changed') return;
  const effects = routeEffects(context, event.pathname, event.search);
  enqueue.assign({ pathname: event.pathname, search: event.search });
  if (effects.clearLogin) {
    enqueue.assign(signedOut);
    enqueue('forgetToken');
  }
  if (effects.newToken) {
    enqueue.assign({ ...signedOut, token: effects.newToken });
    enqueue({ type: 'persistToken', params: { token: effects.newToken } });
  }
  if (effects.locale) {
    enqueue.assign({ locale: effects.locale });
    enqueue({ type: 'persistLocale', params: { locale: effects.locale } });
    enqueue({ type: 'announceLocale', params: { locale: effects.locale } });
  }
});

const adoptSignedInToken = sessionSetup.enqueueActions(({ event, enqueue }) => {
  if (event.type !== 'session.signedIn') return;
  enqueue.assign({ ...signedOut, token: event.token });
  enqueue({ type: 'persistToken', params: { token: event.token } });
});

const clearLogin = sessionSetup.enqueueActions(({ enqueue }) => {
  enqueue.assign(signedOut);
  enqueue('forgetToken');
});

// A visitor keeps its user info (so the UI knows it is a guest) but loses the stored login.
const clearStoredLoginKeepingUser = sessionSetup.enqueueActions(({ enqueue }) => {
  enqueue.assign({ token: null, accountDetail: null, permissions: null });
  enqueue('forgetToken');
});

const goToLoginKeepingQuery = sessionSetup.enqueueActions(({ context, enqueue }) => {
  enqueue({ type: 'navigate', params: { to: loginPathKeepingQuery(context.search) } });
});

const changeLocale = sessionSetup.enqueueActions(({ event, enqueue }) => {
  if (event.type !== 'locale.change') return;
  enqueue.assign({ locale: event.locale });
  enqueue({ type: 'persistLocale', params: { locale: event.locale } });
  enqueue({ type: 'announceLocale', params: { locale: event.locale } });
});


export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOut,
    token: input.token,
    locale: resolveLocale(input.storedLocale, input.browserLanguage),
    pathname: '/',
    search: '',
  }),
  // The resolved locale is saved at start (platform §4 "Language").
  entry: [
    { type: 'persistLocale', params: ({ context }) => ({ locale: context.locale }) },
    { type: 'announceLocale', params: ({ context }) => ({ locale: context.locale }) },
  ],
  initial: 'booting',
  on: {
    'route.changed': [
      { guard: 'routeChangesLogin', target: '.deciding', actions: applyRouteRules },
      { actions: applyRouteRules },
    ],
    'session.signedIn': { target: '.loadingUser', actions: adoptSignedInToken },
    'session.expired': { target: '.anonymous', actions: [clearLogin, goToLoginKeepingQuery] },
    'session.logout': [
      { guard: 'hasToken', target: '.loggingOut' },
      { target: '.anonymous', actions: [clearLogin, { type: 'navigate', params: { to: '/login' } }] },
    ],
    'locale.change': { actions: changeLocale },
  },
  states: {
    // Waits for the route layer's first location.
    booting: {
      on: { 'route.changed': { target: 'deciding', actions: applyRouteRules } },
    },
    deciding: {
      always: [
        { guard: and([not('hasToken'), 'userIsVisitor']), target: 'visitor' },
        { guard: not('hasToken'), target: 'anonymous' },
        {
          guard: and(['userIsVisitor', not('onPublicPage')]),
          target: 'visitor',
          actions: clearStoredLoginKeepingUser,
        },
        { guard: 'userIsVisitor', target: 'visitor' },
        { guard: 'hasUser', target: 'signedIn' },
        { guard: 'onPublicPage', target: 'unchecked' },
        { target: 'loadingUser' },
      ],
    },
    anonymous: {
      on: { 'route.changed': { target: 'deciding', actions: applyRouteRules } },
    },
    // A visitor token (or a cleared one whose user info said 'visitor').
    visitor: {
      on: { 'route.changed': { target: 'deciding', actions: applyRouteRules } },
    },
    // A token exists but, on a public page, nobody has asked the server whose it is.
    unchecked: {
      on: { 'route.changed': { target: 'deciding', actions: applyRouteRules } },
    },
    loadingUser: {
      invoke: {
        id: 'fetchUserInfo',
        src: 'fetchUserInfo',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: and(['fetchedVisitor', not('onPublicPage')]),
            target: 'visitor',
            actions: [
              assign({ user: ({ event }) => event.output, token: null, accountDetail: null, permissions: null }),
              'forgetToken',
            ],
          },
          { guard: 'fetchedVisitor', target: 'visitor', actions: assign({ user: ({ event }) => event.output }) },
          { guard: 'fetchedNobody', target: 'anonymous', actions: [assign(signedOut), 'forgetToken'] },
          { target: 'signedIn', actions: assign({ user: ({ event }) => event.output }) },
        ],
        // Failures were already reported by the api layer (a 401 arrives as session.expired).
        onError: { target: 'unchecked' },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'account.refresh': { target: ['.account.loading', '.permissions.loading'], reenter: true },
        'user.updated': {
          actions: assign({ user: ({ context, event }) => (context.user && event.changes ? { ...context.user, ...event.changes } : context.user) }),
        },
      },
      states: {
        account: {
          initial: 'loading',
          // The account blocks are texts the server writes in the request's language: a new locale
          // fetches them again, or 繁體中文 kept showing the blocks fetched in 简体中文 (issue 10 §7b).
          // Handled in this region so the permissions region is left as it is.
          on: { 'locale.change': { target: '.loading', actions: changeLocale } },
          states: {
            loading: {
              invoke: {
                id: 'fetchAccountDetail',
                src: 'fetchAccountDetail',
                input: ({ context }) => ({ userId: context.user?.id ?? '' }),
                onDone: { target: 'loaded', actions: assign({ accountDetail: ({ event }) => event.output }) },
                onError: { target: 'failed' },
              },
            },
            loaded: {},
            failed: {},
          },
        },
        permissions: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchPermissions',
                src: 'fetchPermissions',
                onDone: { target: 'loaded', actions: assign({ permissions: ({ event }) => event.output }) },
                onError: { target: 'failed' },
              },
            },
            loaded: {},
            failed: {},
          },
        },
      },
    },
    loggingOut: {
      on: { 'route.changed': { actions: applyRouteRules }, 'session.logout': {} },
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        onDone: { target: 'anonymous', actions: [assign(signedOut), 'forgetToken', { type: 'navigate', params: { to: '/login' } }] },
        onError: { target: 'anonymous', actions: [assign(signedOut), 'forgetToken', { type: 'navigate', params: { to: '/login' } }] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
export const selectIsVisitor = (snapshot: SessionSnapshot) => snapshot.context.user?.name === VISITOR_NAME;
// Signed-in is decided by non-empty user info that is not the visitor's (platform §6).
export const selectIsSignedIn = (snapshot: SessionSnapshot) =>
  snapshot.context.token !== null && snapshot.context.user !== null && !selectIsVisitor(snapshot);
export const selectLocale = (snapshot: SessionSnapshot) => snapshot.context.locale;
export const selectAccountDetail = (snapshot: SessionSnapshot) => snapshot.context.accountDetail;
export const selectPermissions = (snapshot: SessionSnapshot) => snapshot.context.permissions;
/** BILLING=off answers billing:false: nothing is sold, so no purchase entry point shows. */
export const selectPurchasesOffered = (snapshot: SessionSnapshot) => snapshot.context.permissions?.billing !== false;
export const selectIsLoadingUser = (snapshot: SessionSnapshot) =>
  snapshot.matches('booting') || snapshot.matches('loadingUser');
