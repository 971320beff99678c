import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { readStoredLocale, readToken } from '../../shared/session-storage';
import { selectAccountDetail, selectIsSignedIn, selectPermissions, selectPurchasesOffered, selectUser, sessionMachine } from '../../machines/session/session.machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

function RunningSession({ children }: { children: ReactNode }) {
  const actor = useActorRef(sessionMachine, {
    input: {
      token: readToken(),
      storedLocale: readStoredLocale(),
      browserLanguage: typeof navigator === 'undefined' ? undefined : navigator.language,
    },
  });
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/**
 * Runs the app's one session actor. Tests (and main.tsx, which starts the actor before the first
 * render so i18n can load the resolved locale) may pass an actor they created themselves.
 */
export function SessionProvider({ actor, children }: { actor?: SessionActor; children: ReactNode }) {
  if (actor) return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
  return <RunningSession>{children}</RunningSession>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor needs a SessionProvider above it');
  return actor;
}

/** Whether someone is signed in: what area pages need of the session, without reaching into it. */
export function useIsSignedIn(): boolean {
  return useSelector(useSessionActor(), selectIsSignedIn);
}

/** The signed-in user (null for visitors and while signed out). */
export function useSignedInUser() {
  const session = useSessionActor();
  const user = useSelector(session, selectUser);
  return useSelector(session, selectIsSignedIn) ? user : null;
}

/** The account blocks (balances per account kind) the session holds; a payment re-reads them. */
export function useAccountDetail() {
  return useSelector(useSessionActor(), selectAccountDetail);
}

/** What the user's plan allows (the permissions answer); a payment re-reads it (account.refresh). */
export function usePermissions() {
  return useSelector(useSessionActor(), selectPermissions);
}

/** False under BILLING=off (permissions billing:false): purchase buttons hide, and the dialog opens for nobody. */
export function usePurchasesOffered(): boolean {
  return useSelector(useSessionActor(), selectPurchasesOffered);
}
