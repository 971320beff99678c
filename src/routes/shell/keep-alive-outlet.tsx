import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';

/** platform §2: these pages stay alive when leaving and returning; switching among them resets. */
export const KEEP_ALIVE_PATHS: ReadonlySet<string> = new Set(['/recordList', '/favourList', '/shareList']);

interface KeptPage {
  pathname: string;
  element: ReactNode;
  generation: number;
}

export function KeepAliveOutlet({ paths = KEEP_ALIVE_PATHS }: { paths?: ReadonlySet<string> }) {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const kept = useRef<KeptPage | null>(null);
  const generation = useRef(0);

  // At most one page is kept: entering another keep-alive page replaces (and so resets) it.
  if (paths.has(pathname) && kept.current?.pathname !== pathname) {
    generation.current += 1;
    kept.current = { pathname, element: outlet, generation: generation.current };
  }
  const showingKept = kept.current?.pathname === pathname;

  return (
    <>
      {kept.current && (
        <div
          key={`${kept.current.pathname}#${kept.current.generation}`}
          hidden={!showingKept}
          data-keep-alive={kept.current.pathname}
          style={{ display: showingKept ? 'contents' : 'none' }}
        >
          {kept.current.element}
        </div>
      )}
      {!showingKept && outlet}
    </>
  );
}
