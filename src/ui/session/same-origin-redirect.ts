// Where to go after signing in: the `redirect` query only when it stays on this site, so a crafted
// link cannot send a freshly signed-in user to another origin.
export function sameOriginRedirect(raw: string | null | undefined, origin: string, fallback = '/'): string {
  if (!raw) return fallback;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
