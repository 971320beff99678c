// An in-app link: a real <a href> that navigates through the router on a plain left click (new tab,
// modifier keys and other targets keep the browser's behaviour). React Router 7's own <Link> carries
// its framework mode's route prefetching and view transitions, which this app uses nowhere; with
// them it weighed ~2 KB gzip on every page, the sign-in page's first paint included.
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, onClick, target, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
    event.preventDefault();
    void navigate(to, replace ? { replace } : undefined);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={follow} />;
});
