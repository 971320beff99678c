import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import RootRoute from './root.route';

type PageModule = Promise<{ default: React.ComponentType }>;

// Every page is its own chunk, so /login loads neither the main layout nor its QR and animation code.
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootRoute,
    children: [
      {
        lazy: page(() => import('./main-layout.route')),
        children: [
          { index: true, lazy: page(() => import('./home.route')) },
          { path: 'recordList', lazy: page(() => import('./records/record-list.route')) },
          { path: 'favourList', lazy: page(() => import('./records/favour-list.route')) },
          { path: 'shareList', lazy: page(() => import('./records/share-list.route')) },
          { path: 'vocabulary', lazy: page(() => import('./vocabulary/vocabulary.route')) },
          { path: 'vocabularyDetail', lazy: page(() => import('./vocabulary/vocabulary-detail.route')) },
          { path: 'help', lazy: page(() => import('./help.route')) },
        ],
      },
      {
        path: 'user',
        lazy: page(() => import('./user-layout.route')),
        children: [
          { path: 'profile', lazy: page(() => import('./account/user-profile.route')) },
          { path: 'account', lazy: page(() => import('./account/user-account.route')) },
        ],
      },
      { path: 'login', lazy: page(() => import('./session/login.route')) },
      { path: 'register', lazy: page(() => import('./session/register.route')) },
      { path: 'userLogin', lazy: page(() => import('./session/user-login.route')) },
      { path: 'resetPassword', lazy: page(() => import('./session/reset-password.route')) },
      { path: 'googleLoginCallBack', lazy: page(() => import('./session/google-login-callback.route')) },
      { path: 'meetingShare', lazy: page(() => import('./meeting-share.route')) },
      { path: 'meetingShareIng', lazy: page(() => import('./meetings/meeting-share-ing.route')) },
      { path: 'meetingShareDownload', lazy: page(() => import('./meetings/meeting-share-download.route')) },
      { path: 'meeting', lazy: page(() => import('./meetings/meeting.route')) },
      // dub and audioEdit show the same screen (platform §2).
      { path: 'dub', lazy: page(() => import('./dubbing/dub.route')) },
      { path: 'audioEdit', lazy: page(() => import('./dubbing/dub.route')) },
      { path: 'meetingDetail', lazy: page(() => import('./transcript/meeting-detail.route')) },
      { path: 'screenProjection', lazy: page(() => import('./meetings/screen-projection.route')) },
      { path: 'paypalCallBack', lazy: page(() => import('./purchase/paypal-callback.route')) },
      { path: 'paypalReturn', lazy: page(() => import('./purchase/paypal-return.route')) },
      { path: 'pluginPay', lazy: page(() => import('./purchase/plugin-pay.route')) },
      { path: 'deskPay', lazy: page(() => import('./purchase/desk-pay.route')) },
      { path: 'myQrCodeMiddlePage', lazy: page(() => import('./account/my-qr-code-middle-page.route')) },
      { path: 'cast', lazy: page(() => import('./meetings/cast.route')) },
      { path: 'cast/:code', lazy: page(() => import('./meetings/cast.route')) },
      { path: '*', lazy: page(() => import('./not-found.route')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
