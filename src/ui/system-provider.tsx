// Which Chakra system the app renders with. It starts with the sign-in pages' recipes only
// (src/ui/theme.ts) so /login paints without the rest; the first page or component that needs the
// other recipes loads them through withAllRecipes, and the provider switches to the full system
// before that page renders. Both systems share tokens and class names, so nothing on screen changes.
import { ChakraProvider } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { signInSystem } from './theme';

type ChakraSystem = typeof signInSystem;

let active: ChakraSystem = signInSystem;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Loads the recipes of the signed-in pages once; the provider re-renders with them. */
export function loadAllRecipes(): Promise<void> {
  loading ??= import('./theme-more-recipes').then(
    ({ system }) => {
      active = system;
      listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      loading = null; // a failed chunk load may be retried by the next page that asks
      throw error;
    },
  );
  return loading;
}

/** A lazy import that resolves only once every recipe is registered (for React.lazy). */
export function withAllRecipes<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllRecipes()]).then(([module]) => module);
}

export function AppSystemProvider({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribe, () => active);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
