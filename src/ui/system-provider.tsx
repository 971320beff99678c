// Which Chakra system the app renders with. The sign-in pages paint with their own recipes only
// (src/ui/theme.ts) so /login paints without the rest; the first page or component that needs the
// other recipes loads them through withAllRecipes, and the provider switches to the full system
// before that page renders. Both systems share tokens and class names, so nothing on screen changes.
// Each system is built only when first needed: a signed-in visit loads the full system before its
// first render (main.tsx) and never builds the sign-in one, which on a phone cost as long a task as
// the full one (issue 27).
import { ChakraProvider } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { createSignInSystem } from './theme';

type ChakraSystem = ReturnType<typeof createSignInSystem>;

let full: ChakraSystem | null = null;
let signIn: ChakraSystem | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The full system once loaded, else the sign-in one (built the first time it is asked for). */
function activeSystem(): ChakraSystem {
  return full ?? (signIn ??= createSignInSystem());
}

/** Loads the recipes of the signed-in pages once; the provider re-renders with them. */
export function loadAllRecipes(): Promise<void> {
  loading ??= import('./theme-more-recipes').then(
    ({ system }) => {
      full = system;
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
  const system = useSyncExternalStore(subscribe, activeSystem);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
