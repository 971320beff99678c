// Renders an auth page the way the app does (Chakra, i18n, session, router) with a fake session
// actor that records what the page sends, and a catch-all route that shows where the page went.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import enAuth from '../../i18n/locales/en-US/auth.json';
import type { SessionActor } from '../shell/session-context';
import { SessionProvider } from '../shell/session-context';

function Landed() {
  const location = useLocation();
  return <div data-testid="landed">{`${location.pathname}${location.search}`}</div>;
}

export async function renderAuthPage(page: ReactElement, path: string, url: string) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { auth: enAuth } },
    ns: ['auth'],
    defaultNS: 'auth',
    interpolation: { escapeValue: false },
  });
  const send = vi.fn();
  const session = { send } as unknown as SessionActor;
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider actor={session}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={page} />
              <Route path="*" element={<Landed />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
  return { ...view, sessionSend: send };
}

/** Types into the input with this test id the way a user's change event reaches React. */
export function typeInto(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}
