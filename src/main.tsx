// Chakra's reset, global styles and token variables, built at build time (scripts/vite/chakra-global-css.ts).
import 'virtual:chakra-global.css';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { createActor } from 'xstate';
import { initI18n } from './i18n/index';
import { sessionMachine } from './machines/session/session.machine';
import { createAppHistory } from './routes/shell/app-history';
import { AppRoutes, preloadFirstPage } from './routes/router';
import { SessionProvider } from './routes/shell/session-context';
import { wireSession } from './routes/shell/session-wiring';
import { browserTimeZoneSoon } from './shared/browser-time-zone';
import { firstTextsOf } from './shared/contract/first-pages';
import { readStoredLocale, readToken } from './shared/session-storage';
import { createStyleCache } from './ui/emotion-cache';
import { AppSystemProvider, loadAllRecipes } from './ui/system-provider';

/**
 * Lets the browser run what waits (paint, network answers) before the next step of start-up. On a
 * phone each step is tens of milliseconds (the first localStorage read, the session machine, the
 * history's replaceState, …), and one task holding them all counted as blocking time (issue 27).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // A signed-in visit fetches its page's chunks while the locale loads, not after it, and that
  // page's own texts with the locale's first ones (issue 27).
  const signedIn = !!readToken();
  if (signedIn) preloadFirstPage(window.location.pathname);
  // The API's calls carry the time zone; a worker resolves it meanwhile, off this thread.
  void browserTimeZoneSoon();
  await nextTask();
  const session = createActor(sessionMachine, {
    input: { token: readToken(), storedLocale: readStoredLocale(), browserLanguage: navigator.language },
  });
  session.start();
  // The session resolves (and saves) the locale; only that locale's texts load before first paint.
  // A signed-in visit renders every page with the full Chakra system: waiting for it here (its chunk
  // comes beside the locale's texts) spares building the sign-in system first and then switching,
  // which on a phone were two long tasks of ~the same size (issue 27). A failed load is left to the
  // page, whose own load retries and reports it.
  await Promise.all([
    initI18n(session.getSnapshot().context.locale, firstTextsOf(window.location.pathname, signedIn)),
    signedIn ? loadAllRecipes().catch(() => undefined) : undefined,
  ]);
  // The last of those answers may resolve inside a long task (the full system's chunk builds it when
  // it runs): the rest starts in a task of its own.
  await nextTask();
  const router = createAppHistory();
  wireSession(session, router, (locale) => void initI18n(locale));

  const root = createRoot(document.getElementById('root')!);
  const app = (
    <StrictMode>
      {/* Emotion's <style> tags carry the page's CSP nonce (src/ui/emotion-cache.ts). */}
      <CacheProvider value={createStyleCache()}>
        <AppSystemProvider>
          <SessionProvider actor={session}>
            <HistoryRouter history={router.history}>
              <AppRoutes />
            </HistoryRouter>
          </SessionProvider>
        </AppSystemProvider>
      </CacheProvider>
    </StrictMode>
  );
  root.render(app);
}

void start();
