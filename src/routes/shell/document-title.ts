// The browser tab names the page a user is on: one i18n key per route, read from the address.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

const AUTH_TITLES: Record<string, string> = {
  login: 'auth:title.login',
  register: 'auth:title.register',
  userLogin: 'auth:title.userLogin',
  resetPassword: 'auth:title.resetPassword',
  googleLoginCallBack: 'auth:title.googleCallback',
};

// Routes whose pages-namespace key differs from their first path segment.
const PAGE_KEYS: Record<string, string> = {
  '': 'home',
  audioEdit: 'dub',
};

const PAGE_ROUTES = new Set([
  '', 'recordList', 'favourList', 'shareList', 'vocabulary', 'vocabularyDetail', 'help', 'meetingShare',
  'meetingShareIng', 'meetingShareDownload', 'meeting', 'dub', 'audioEdit', 'meetingDetail', 'screenProjection',
  'paypalCallBack', 'paypalReturn', 'pluginPay', 'deskPay', 'myQrCodeMiddlePage', 'cast',
]);

/** The i18n key of a path's title; unknown addresses are the not-found page. */
export function documentTitleKey(pathname: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first in AUTH_TITLES) return AUTH_TITLES[first]!;
  if (first === 'user' && (second === 'profile' || second === 'account')) return second === 'profile' ? 'pages:userProfile' : 'pages:userAccount';
  if (PAGE_ROUTES.has(first)) return `pages:${PAGE_KEYS[first] ?? first}`;
  return 'pages:notFound';
}

/** "Records · Parley"; a title that already names the product stands alone. */
export function documentTitle(title: string, appName: string): string {
  return title.includes(appName) ? title : `${title} · ${appName}`;
}

export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const key = documentTitleKey(pathname);
  // Only the title's own namespace: the sign-in pages' titles are in `auth`, which they load anyway,
  // so they do not fetch `pages`. The root renders this, above every Suspense boundary: it waits for
  // a namespace without suspending and keeps the previous title meanwhile.
  const { t, ready } = useTranslation([key.slice(0, key.indexOf(':')), 'common'], { useSuspense: false });
  const title = ready ? documentTitle(t(key), t('common:appName')) : null;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
