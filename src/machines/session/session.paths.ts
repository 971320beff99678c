// Path model of the session machine (convention: src/testing/paths.ts). The user-info double
// answers by token: alice is a user, guest the visitor, nobody an empty answer, broken a failure.
// carol is a user whose account detail and permissions cannot be read and whose logout fails.
// Declared unreachable: deciding -always [hasUser]-> signedIn (the reason is in `unreachable`).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { sessionMachine, type SessionContext } from './session.machine';
import { isPublicPath } from './session.rules';
import type { AccountDetail, AccountPermissions, UserInfo } from './session.types';
import type { PathsModel } from '../../testing/paths';

const USERS: Record<string, UserInfo | null> = {
  'alice-token': { id: 'u1', name: 'alice' },
  'guest-token': { id: 'v1', name: 'visitor' },
  'nobody-token': null,
  'carol-token': { id: 'u3', name: 'carol' },
};
const UNREADABLE = new Error('account unavailable');
/** Carol's account, permissions and logout calls fail. */
const failsFor = (c: SessionContext | undefined) => c?.user?.id === 'u3' || c?.token === 'carol-token';
/** Calls without an input answer by the session (their parent). */
const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  self._parent?.getSnapshot().context as SessionContext | undefined;
const ACCOUNT: AccountDetail = { vipMember: { accountTypeName: 'VIP', remarkString: 'until 2030', operationString: 'Renew' } };
const PERMISSIONS: AccountPermissions = { screenCasting: true };

function userFor(token: string): UserInfo | null {
  if (token in USERS) return USERS[token] ?? null;
  throw new Error('user info unavailable');
}

const machine = sessionMachine.provide({
  actors: {
    fetchUserInfo: fromPromise<UserInfo | null, { token: string }>(async ({ input }) => userFor(input.token)),
    fetchAccountDetail: fromPromise<AccountDetail | null, { userId: string }>(async ({ input }) => {
      if (input.userId === 'u3') throw UNREADABLE;
      return ACCOUNT;
    }),
    // Answers one timer tick later so the two parallel loads settle in one order (account first).
    fetchPermissions: fromPromise<AccountPermissions | null, void>(({ self }) => {
      const fails = failsFor(parentContext(self));
      return new Promise((resolve, reject) => setTimeout(() => (fails ? reject(UNREADABLE) : resolve(PERMISSIONS)), 0));
    }),
    revokeToken: fromPromise<void, void>(async ({ self }) => {
      if (failsFor(parentContext(self))) throw UNREADABLE;
    }),
  },
  actions: { persistToken: () => {}, forgetToken: () => {}, persistLocale: () => {} },
});

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as SessionContext;

export const pathsModel: PathsModel = {
  name: 'session',
  machine,
  unreachable: [
    {
      transition: 'deciding -always [hasUser]-> signedIn',
      reason:
        "Every way into 'deciding' holds no user or the visitor, whom the earlier branches take: the first route (booting: no user yet), " +
        "a route change from anonymous, visitor or unchecked (none holds a non-visitor user), and a route that changes the login, " +
        "which clears the user (signedOut) before deciding. Only signedIn holds another user, and it reaches 'deciding' only through that last route.",
    },
  ],
  input: { token: null, storedLocale: null, browserLanguage: 'en-US' },
  events: {
    'route.changed': [
      { type: 'route.changed', pathname: '/', search: '' },
      { type: 'route.changed', pathname: '/login', search: '' },
      { type: 'route.changed', pathname: '/', search: '?token=alice-token' },
      { type: 'route.changed', pathname: '/meetingShare', search: '?token=guest-token' },
      { type: 'route.changed', pathname: '/', search: '?token=nobody-token' },
      { type: 'route.changed', pathname: '/', search: '?token=broken-token' },
      { type: 'route.changed', pathname: '/login', search: '?source=media_desk' },
      { type: 'route.changed', pathname: '/paypalReturn', search: '?token=EC-PAYPAL' },
      { type: 'route.changed', pathname: '/meetingShare', search: '?lang=zh-TW' },
    ],
    'session.signedIn': [
      { type: 'session.signedIn', token: 'alice-token' },
      { type: 'session.signedIn', token: 'guest-token' },
      { type: 'session.signedIn', token: 'carol-token' },
    ],
    'locale.change': [{ type: 'locale.change', locale: 'zh-CN' }],
    // Sent by the personal centre once a form saved, so never while the session still loads.
    'user.updated': (snapshot) =>
      snapshot.matches({ signedIn: { account: 'loading' } }) || snapshot.matches({ signedIn: { permissions: 'loading' } })
        ? []
        : [{ type: 'user.updated', changes: { nickname: 'Al' } }],
    'xstate.done.actor.fetchUserInfo': (snapshot) => {
      const token = context(snapshot).token ?? '';
      return token in USERS ? [{ type: 'xstate.done.actor.fetchUserInfo', output: USERS[token] ?? null }] : [];
    },
    'xstate.error.actor.fetchUserInfo': (snapshot) => {
      const token = context(snapshot).token ?? '';
      return token in USERS ? [] : [{ type: 'xstate.error.actor.fetchUserInfo', error: new Error('user info unavailable') }];
    },
    'xstate.done.actor.fetchAccountDetail': (snapshot) =>
      failsFor(context(snapshot)) ? [] : [{ type: 'xstate.done.actor.fetchAccountDetail', output: ACCOUNT }],
    'xstate.error.actor.fetchAccountDetail': (snapshot) =>
      failsFor(context(snapshot)) ? [{ type: 'xstate.error.actor.fetchAccountDetail', error: UNREADABLE }] : [],
    'xstate.done.actor.fetchPermissions': (snapshot) =>
      snapshot.matches({ signedIn: { account: 'loading' } }) || failsFor(context(snapshot))
        ? []
        : [{ type: 'xstate.done.actor.fetchPermissions', output: PERMISSIONS }],
    'xstate.error.actor.fetchPermissions': (snapshot) =>
      snapshot.matches({ signedIn: { account: 'loading' } }) || !failsFor(context(snapshot))
        ? []
        : [{ type: 'xstate.error.actor.fetchPermissions', error: UNREADABLE }],
    'xstate.done.actor.revokeToken': (snapshot) =>
      failsFor(context(snapshot)) ? [] : [{ type: 'xstate.done.actor.revokeToken', output: undefined }],
    'xstate.error.actor.revokeToken': (snapshot) =>
      failsFor(context(snapshot)) ? [{ type: 'xstate.error.actor.revokeToken', error: UNREADABLE }] : [],
  },
  // What decides behaviour: which token, whose user info, public page or not, locale.
  serializeContext: (c: SessionContext) => ({
    token: c.token,
    user: c.user?.name ?? null,
    publicPage: isPublicPath(c.pathname),
    account: c.accountDetail !== null,
    permissions: c.permissions !== null,
    locale: c.locale,
  }),
};
