import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { withAllRecipes } from '../ui/system-provider';
import RootRoute from './root.route';

type PageModule = Promise<{ default: React.ComponentType }>;

// Every page is its own chunk (React.lazy), so /login loads neither the main layout nor its QR and
// animation code. Routing is React Router's declarative mode on purpose: its data router
// (createBrowserRouter, loaders, actions, fetchers) cost ~16 KB gzip of the /login first paint and the
// app uses none of it. The root route's <Suspense> shows the fallback while a page's chunk loads; later
// navigations run in a transition, so the previous page stays until the next one is ready.
// Pages render once the recipes of the signed-in pages are loaded too (src/ui/system-provider.tsx);
// the sign-in pages need only the first-paint ones, so /login does not wait for, or fetch, the rest.
const page = (load: () => PageModule) => {
  const Page = lazy(withAllRecipes(load));
  return <Page />;
};
const signInPage = (load: () => PageModule) => {
  const Page = lazy(load);
  return <Page />;
};

// The pages a signed-in visit most often opens first, by path. Their chunks sit behind the main
// layout's chunk (a nested lazy route starts loading only once its parent has rendered), so the
// first visit of /recordList fetched them one after the other; preloadFirstPage starts both at once.
// `namespaces`: the locale texts the page renders at once beyond the eager ones. They load with the
// first render's texts (firstTextsOf, main.tsx) instead of when the page's first component asks,
// after its chunk has run: /recordList's rows waited for 'records' that way (issue 27).
const loadMainLayout = () => import('./main-layout.route');
// The namespaces (and the chunks the server preloads) are listed in src/shared/contract/first-pages.ts.
const FIRST_PAGES: Record<string, { load: () => PageModule; inMainLayout: boolean }> = {
  '/recordList': { load: () => import('./records/record-list.route'), inMainLayout: true },
  '/meeting': { load: () => import('./meetings/meeting.route'), inMainLayout: false },
  '/dub': { load: () => import('./dub-editor/dub-editor.route'), inMainLayout: false },
  '/meetingDetail': { load: () => import('./transcript/meeting-detail.route'), inMainLayout: false },
};

/** Starts fetching the chunks of the page at this path (and its layout) before React asks for them. */
export function preloadFirstPage(pathname: string): void {
  const first = FIRST_PAGES[pathname];
  if (!first) return;
  const swallow = () => undefined; // a failed preload is retried, and reported, by the route's own load
  withAllRecipes(first.load)().catch(swallow);
  if (first.inMainLayout) loadMainLayout().catch(swallow);
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootRoute />,
    children: [
      {
        element: page(loadMainLayout),
        children: [
          { index: true, element: page(() => import('./records/home.route')) },
          { path: 'recordList', element: page(FIRST_PAGES['/recordList']!.load) },
          { path: 'favourList', element: page(() => import('./records/favour-list.route')) },
          { path: 'shareList', element: page(() => import('./records/share-list.route')) },
          { path: 'vocabulary', element: page(() => import('./vocabulary/vocabulary.route')) },
          { path: 'vocabularyDetail', element: page(() => import('./vocabulary/vocabulary-detail.route')) },
          { path: 'help', element: page(() => import('./shell/help.route')) },
        ],
      },
      {
        path: 'user',
        element: page(() => import('./user-layout.route')),
        children: [
          { path: 'profile', element: page(() => import('./account/user-profile.route')) },
          { path: 'account', element: page(() => import('./account/user-account.route')) },
        ],
      },
      // Outside the user layout: a receipt prints without the navigation.
      { path: 'user/receipt/:outTradeNo', element: page(() => import('./account/receipt.route')) },
      { path: 'login', element: signInPage(() => import('./session/login.route')) },
      { path: 'register', element: signInPage(() => import('./session/register.route')) },
      { path: 'userLogin', element: signInPage(() => import('./session/user-login.route')) },
      { path: 'resetPassword', element: signInPage(() => import('./session/reset-password.route')) },
      { path: 'googleLoginCallBack', element: signInPage(() => import('./session/google-login-callback.route')) },
      { path: 'meetingShare', element: page(() => import('./meetings/meeting-share.route')) },
      { path: 'meetingShareIng', element: page(() => import('./meetings/meeting-share-ing.route')) },
      { path: 'meetingShareDownload', element: page(() => import('./meetings/meeting-share-download.route')) },
      { path: 'meeting', element: page(FIRST_PAGES['/meeting']!.load) },
      // dub and audioEdit show the same screen (platform §2).
      { path: 'dub', element: page(FIRST_PAGES['/dub']!.load) },
      { path: 'audioEdit', element: page(() => import('./dub-editor/dub-editor.route')) },
      { path: 'meetingDetail', element: page(FIRST_PAGES['/meetingDetail']!.load) },
      { path: 'screenProjection', element: page(() => import('./meetings/screen-projection.route')) },
      { path: 'paypalCallBack', element: page(() => import('./purchase/paypal-callback.route')) },
      { path: 'paypalReturn', element: page(() => import('./purchase/paypal-return.route')) },
      { path: 'pluginPay', element: page(() => import('./purchase/plugin-pay.route')) },
      { path: 'deskPay', element: page(() => import('./purchase/desk-pay.route')) },
      { path: 'myQrCodeMiddlePage', element: page(() => import('./account/my-qr-code-middle-page.route')) },
      { path: 'cast', element: page(() => import('./meetings/cast.route')) },
      { path: 'cast/:code', element: page(() => import('./meetings/cast.route')) },
      { path: '*', element: page(() => import('./shell/not-found.route')) },
    ],
  },
];

/** Renders the route matching the current location (inside the app's HistoryRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
