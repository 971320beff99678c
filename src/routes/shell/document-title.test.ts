import { describe, expect, it } from 'vitest';
import enPages from '../../i18n/locales/en-US/pages.json';
import enAuth from '../../i18n/locales/en-US/auth.json';
import { documentTitle, documentTitleKey } from './document-title';

describe('documentTitleKey', () => {
  it.each([
    ['/', 'pages:home'],
    ['/recordList', 'pages:recordList'],
    ['/meetingDetail', 'pages:meetingDetail'],
    ['/audioEdit', 'pages:dub'],
    ['/cast/123456', 'pages:cast'],
    ['/user/profile', 'pages:userProfile'],
    ['/user/account', 'pages:userAccount'],
    ['/login', 'auth:title.login'],
    ['/googleLoginCallBack', 'auth:title.googleCallback'],
    ['/nowhere', 'pages:notFound'],
    ['/user/elsewhere', 'pages:notFound'],
  ])('%s → %s', (path, key) => {
    expect(documentTitleKey(path)).toBe(key);
  });

  it('names only keys the English files hold', () => {
    const paths = ['/', '/recordList', '/favourList', '/shareList', '/vocabulary', '/vocabularyDetail', '/help', '/meetingShare',
      '/meetingShareIng', '/meetingShareDownload', '/meeting', '/dub', '/audioEdit', '/meetingDetail', '/screenProjection',
      '/paypalCallBack', '/paypalReturn', '/pluginPay', '/deskPay', '/myQrCodeMiddlePage', '/cast', '/user/profile',
      '/user/account', '/login', '/register', '/userLogin', '/resetPassword', '/googleLoginCallBack', '/x'];
    for (const path of paths) {
      const [namespace, key] = documentTitleKey(path).split(':') as [string, string];
      const file: Record<string, unknown> = namespace === 'pages' ? enPages : (enAuth.title as Record<string, unknown>);
      expect(file[namespace === 'pages' ? key : key.replace('title.', '')], path).toEqual(expect.any(String));
    }
  });
});

describe('documentTitle', () => {
  it('adds the product name unless the title already carries it', () => {
    expect(documentTitle('Records', 'Parley')).toBe('Records · Parley');
    expect(documentTitle('Sign in to Parley', 'Parley')).toBe('Sign in to Parley');
  });
});
