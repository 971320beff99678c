import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSharedMedia, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that start a fresh clone with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', redisUrl: null, smtpUrl: null, demoAccount: true });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'parley.db') });
    expect(config.webDir).toBe(path.resolve('dist/web'));
  });

  it('runs the sandbox payment provider in production only when PAYMENT_PROVIDER=sandbox is set', () => {
    expect(loadConfig({}).paymentProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'vendors' }).paymentProvider).toBe('vendors');
    expect(loadConfig({ NODE_ENV: 'development' }).paymentProvider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'free' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('refuses Redis (several instances) with media on local disk unless shared storage or the override is set', () => {
    expect(() => checkSharedMedia({ REDIS_URL: 'redis://h:6379' })).toThrow(/AZURE_STORAGE_CONNECTION_STRING.*LOCAL_MEDIA_WITH_REDIS=on/);
    expect(() => checkSharedMedia({ REDIS_URL: 'redis://h:6379', LOCAL_MEDIA_WITH_REDIS: 'on' })).not.toThrow();
    expect(() => checkSharedMedia({ REDIS_URL: 'redis://h:6379', AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true' })).not.toThrow();
    expect(() => checkSharedMedia({})).not.toThrow();
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/p',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://h:6379',
      SMTP_URL: 'smtp://h:25',
      MAIL_FROM: 'X <x@y.z>',
      NODE_ENV: 'development',
      WEB_DIR: '/srv/web',
      DEMO_ACCOUNT: 'off',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/p',
      database: { kind: 'postgres', url: 'postgres://u@h:5432/db' },
      redisUrl: 'redis://h:6379',
      smtpUrl: 'smtp://h:25',
      mailFrom: 'X <x@y.z>',
      nodeEnv: 'development',
      webDir: '/srv/web',
      demoAccount: false,
    });
  });

  it('uses SQLite under DATA_DIR for a DATABASE_URL that is not PostgreSQL, and refuses a bad PORT', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/q', DATABASE_URL: 'mysql://x' }).database).toEqual({ kind: 'sqlite', file: '/tmp/q/parley.db' });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses an SMTP_URL that is not an smtp(s) URL at start, without echoing it (the transport itself loads on the first mail)', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465' }).smtpUrl).toBe('smtps://user:secret@mail.example.com:465');
    expect(loadConfig({ SMTP_URL: '  ' }).smtpUrl).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:25' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).toThrow(/^(?!.*hunter2).*SMTP_URL/);
  });
});
