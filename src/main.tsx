import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { createActor } from 'xstate';
import { initI18n } from './i18n/index';
import { sessionMachine } from './machines/session/session.machine';
import { createAppHistory } from './routes/shell/app-history';
import { AppRoutes, firstPageNamespaces, preloadFirstPage } from './routes/router';
import { SessionProvider } from './routes/shell/session-context';
import { wireSession } from './routes/shell/session-wiring';
import { readStoredLocale, readToken } from './shared/session-storage';
import { createStyleCache } from './ui/emotion-cache';
import { AppSystemProvider } from './ui/system-provider';

async function start() {
  // A signed-in visit fetches its page's chunks while the locale loads, not after it, and that
  // page's own texts with the locale's first ones (issue 27).
  const signedIn = !!readToken();
  if (signedIn) preloadFirstPage(window.location.pathname);
  const session = createActor(sessionMachine, {
    input: { token: readToken(), storedLocale: readStoredLocale(), browserLanguage: navigator.language },
  });
  const router = createAppHistory();
  session.start();
  // The session resolves (and saves) the locale; only that locale's texts load before first paint.
  await initI18n(session.getSnapshot().context.locale, signedIn ? firstPageNamespaces(window.location.pathname) : []);
  wireSession(session, router, (locale) => void initI18n(locale));

  createRoot(document.getElementById('root')!).render(
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
    </StrictMode>,
  );
}

void start();
