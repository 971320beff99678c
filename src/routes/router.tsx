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
          { path: 'recordList', lazy: page(() => import('./record-list.route')) },
          { path: 'favourList', lazy: page(() => import('./favour-list.route')) },
          { path: 'shareList', lazy: page(() => import('./share-list.route')) },
          { path: 'vocabulary', lazy: page(() => import('./vocabulary.route')) },
          { path: 'vocabularyDetail', lazy: page(() => import('./vocabulary-detail.route')) },
          { path: 'help', lazy: page(() => import('./help.route')) },
        ],
      },
      {
        path: 'user',
        lazy: page(() => import('./user-layout.route')),
        children: [
          { path: 'profile', lazy: page(() => import('./user-profile.route')) },
          { path: 'account', lazy: page(() => import('./user-account.route')) },
        ],
      },
      { path: 'login', lazy: page(() => import('./login.route')) },
      { path: 'register', lazy: page(() => import('./register.route')) },
      { path: 'userLogin', lazy: page(() => import('./user-login.route')) },
      { path: 'resetPassword', lazy: page(() => import('./reset-password.route')) },
      { path: 'googleLoginCallBack', lazy: page(() => import('./google-login-callback.route')) },
      { path: 'meetingShare', lazy: page(() => import('./meeting-share.route')) },
      { path: 'meetingShareIng', lazy: page(() => import('./meeting-share-ing.route')) },
      { path: 'meetingShareDownload', lazy: page(() => import('./meeting-share-download.route')) },
      { path: 'meeting', lazy: page(() => import('./meeting.route')) },
      // dub and audioEdit show the same screen (platform §2).
      { path: 'dub', lazy: page(() => import('./dub.route')) },
      { path: 'audioEdit', lazy: page(() => import('./dub.route')) },
      { path: 'meetingDetail', lazy: page(() => import('./meeting-detail.route')) },
      { path: 'screenProjection', lazy: page(() => import('./screen-projection.route')) },
      { path: 'paypalCallBack', lazy: page(() => import('./paypal-callback.route')) },
      { path: 'paypalReturn', lazy: page(() => import('./paypal-return.route')) },
      { path: 'pluginPay', lazy: page(() => import('./plugin-pay.route')) },
      { path: 'deskPay', lazy: page(() => import('./desk-pay.route')) },
      { path: 'myQrCodeMiddlePage', lazy: page(() => import('./my-qr-code-middle-page.route')) },
      { path: 'cast', lazy: page(() => import('./cast.route')) },
      { path: 'cast/:code', lazy: page(() => import('./cast.route')) },
      { path: '*', lazy: page(() => import('./not-found.route')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
