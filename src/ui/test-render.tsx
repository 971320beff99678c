import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { loadLocale } from '../i18n/index';
import { system } from './theme-more-recipes';

/** Renders a ui component the way the app does: Chakra system and i18n (en-US) in place. */
export async function renderUi(element: ReactElement) {
  // Every namespace up front: a component test has no Suspense boundary to wait for a lazy one.
  await loadLocale('en-US');
  return render(<ChakraProvider value={system}>{element}</ChakraProvider>);
}
