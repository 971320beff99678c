// The browser history the app's router renders from, shared with code outside React (the session
// wiring navigates and listens to it). It is the history BrowserRouter itself creates (exported as
// UNSAFE_createBrowserHistory, for unstable_HistoryRouter); it accepts one listener only, so this
// fans one subscription out to the router and to the session.
import { UNSAFE_createBrowserHistory as createBrowserHistory, type To } from 'react-router-dom';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type HistoryListener = Parameters<BrowserHistory['listen']>[0];
type HistoryLocation = BrowserHistory['location'];

export interface AppHistory {
  /** Handed to <HistoryRouter>. */
  history: BrowserHistory;
  /** The RouterLike view wireSession uses. */
  state: { location: HistoryLocation };
  navigate(to: To, options?: { replace?: boolean }): void;
  subscribe(listener: (state: { location: HistoryLocation }) => void): () => void;
}

export function createAppHistory(): AppHistory {
  // v5Compat: pushes and replaces notify listeners too (by default only back/forward does).
  const base = createBrowserHistory({ v5Compat: true });
  const listeners = new Set<HistoryListener>();
  base.listen((update) => listeners.forEach((listener) => listener(update)));
  const listen = (listener: HistoryListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  const history: BrowserHistory = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => base.push(to, state),
    replace: (to, state) => base.replace(to, state),
    go: (delta) => base.go(delta),
    listen,
  };

  return {
    history,
    get state() {
      return { location: base.location };
    },
    navigate: (to, options) => (options?.replace ? base.replace(to) : base.push(to)),
    subscribe: (listener) => listen((update) => listener({ location: update.location })),
  };
}
