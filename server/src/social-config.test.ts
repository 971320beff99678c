// Social sign-in settings (issue 15): defaults that mean 'not configured' and Google's issuer, and the
// environment names the 'not configured' answers tell operators to set.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('social sign-in configuration', () => {
  it("defaults to nothing configured, Google's issuer and WeChat's API", () => {
    const config = loadConfig({});
    expect(config.googleClientId).toBeNull();
    expect(config.social).toEqual({
      googleClientSecret: null,
      oidcIssuer: 'https://accounts.google.com',
      wechatAppSecret: null,
      wechatMpAppId: null,
      wechatMpAppSecret: null,
      wechatApiUrl: 'https://api.weixin.qq.com',
      publicUrl: null,
    });
  });

  it('reads every setting, trimming trailing slashes from addresses', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      OIDC_ISSUER: 'http://127.0.0.1:4000',
      WECHAT_APP_ID: 'wxopen',
      WECHAT_APP_SECRET: 'wsecret',
      WECHAT_MP_APP_ID: 'wxmp',
      WECHAT_MP_APP_SECRET: 'mpsecret',
      WECHAT_API_URL: 'http://127.0.0.1:5000/',
      PUBLIC_URL: 'https://parley.example/',
    });
    expect(config.googleClientId).toBe('gid');
    expect(config.wechatAppId).toBe('wxopen');
    expect(config.social).toEqual({
      googleClientSecret: 'gsecret',
      oidcIssuer: 'http://127.0.0.1:4000',
      wechatAppSecret: 'wsecret',
      wechatMpAppId: 'wxmp',
      wechatMpAppSecret: 'mpsecret',
      wechatApiUrl: 'http://127.0.0.1:5000',
      publicUrl: 'https://parley.example',
    });
  });
});
