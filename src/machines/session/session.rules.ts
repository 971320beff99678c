// Route sets named by the route-guard rules (features §2). Pure data shared by the session machine and
// the route layer, kept apart from React so the machine stays importable in tests without a DOM.

/** Pages that skip the user-info check. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/userLogin',
  '/resetPassword',
  '/googleLoginCallBack',
  '/meetingShare',
  '/meetingShareIng',
  '/meetingShareDownload',
  '/myQrCodeMiddlePage',
  '/screenProjection',
]);

/** Authentication pages, where a plugin or desktop source clears the stored login. */
export const AUTH_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/userLogin',
  '/resetPassword',
  '/googleLoginCallBack',
]);

/** The PayPal return pages carry PayPal's own `token` query, which is not a login token. */
export const PAYPAL_RETURN_PATHS: ReadonlySet<string> = new Set(['/paypalReturn', '/paypalCallBack']);

export const CLEARING_SOURCES: ReadonlySet<string> = new Set(['browser_plugin_media', 'media_desk']);

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.has(normalise(pathname));
export const isAuthPath = (pathname: string) => AUTH_PATHS.has(normalise(pathname));
export const isPaypalReturnPath = (pathname: string) => PAYPAL_RETURN_PATHS.has(normalise(pathname));

/** The /login address after a 401: the current query is kept except its token. */
export function loginPathKeepingQuery(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('token');
  const rest = query.toString();
  return rest ? `/login?${rest}` : '/login';
}
