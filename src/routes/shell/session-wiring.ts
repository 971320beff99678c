import type { Locale } from '../../shared/contract/limits';
import { carryMeetingId, type LocationLike } from '../meetings/carry-meeting-id';
import type { SessionActor } from './session-context';

interface RouterLike {
  state: { location: LocationLike & { hash: string; key: string } };
  navigate(to: string | { pathname: string; search: string; hash: string }, options?: { replace?: boolean }): unknown;
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/**
 * Connects the session actor and the router: the router reports every location (after carrying a
 * meetingId over), the session's `navigate` requests are performed, its locale changes applied.
 * Register before the actor starts so the start-up locale announcement is not missed.
 */
export function wireSession(actor: SessionActor, router: RouterLike, applyLocale: (locale: Locale) => void): () => void {
  const offNavigate = actor.on('navigate', (event) => void router.navigate(event.to));
  const offLocale = actor.on('locale.changed', (event) => applyLocale(event.locale));
  let previous: LocationLike | null = null;
  let lastKey: string | null = null;

  const report = (location: RouterLike['state']['location']) => {
    if (location.key === lastKey) return;
    lastKey = location.key;
    const carried = carryMeetingId(previous, location);
    if (carried !== null) {
      void router.navigate({ pathname: location.pathname, search: carried, hash: location.hash }, { replace: true });
      return;
    }
    previous = { pathname: location.pathname, search: location.search };
    actor.send({ type: 'route.changed', pathname: location.pathname, search: location.search });
  };

  report(router.state.location);
  const unsubscribe = router.subscribe((state) => report(state.location));
  return () => {
    unsubscribe();
    offNavigate.unsubscribe();
    offLocale.unsubscribe();
  };
}
