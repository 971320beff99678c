// Everything the process reads from its environment, in one place, with defaults that let a fresh
// clone start with no configuration at all (SQLite file, outbox mail, in-memory rate limits).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadEngineConfig, type EngineConfig } from './engines/config';
import { isTimeZone } from './domain/entitlements/local-day';
import { loadPaymentVendorConfig, type PaymentVendorConfig } from './domain/purchase/providers/vendor-config';
import { checkPassword } from '../../src/shared/contract/credentials';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../src/shared/contract/limits';

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string };

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  nodeEnv: string;
  webDir: string;
  demoAccount: boolean;
  wechatAppId: string | null;
  googleClientId: string | null;
  /** Social sign-in (issue 15): GOOGLE_CLIENT_SECRET, OIDC_ISSUER, WECHAT_APP_SECRET, WECHAT_MP_APP_ID/SECRET, WECHAT_API_URL (redirects use publicBaseUrl). */
  social: SocialConfig;
  logLevel: string;
  /** Remote engine services (ASR_URL, TRANSLATE_URL, TTS_URL, SUMMARY_URL); embedded engines otherwise. */
  engines: EngineConfig;
  /** UPLOAD_URL_ALLOW_PRIVATE: links given to transwrite/upload may reach loopback and private addresses. */
  uploadUrlAllowPrivate: boolean;
  /**
   * TRUST_PROXY_TLS: the app is reached only through a TLS-terminating reverse proxy. Turns on HSTS and
   * trusts that one proxy's X-Forwarded-For/-Proto (so per-client limits count the real client, not the proxy).
   * Off by default: trusting forwarded headers without a proxy would let any caller pick its own address.
   */
  trustProxyTls: boolean;
  /** CLIENT_ATTEMPTS_PER_HOUR: per client address and hour, each of sign-ins, code sends, code checks, voucher tries. */
  clientAttemptsPerHour: number;
  /** BILLING=off lifts every tier limit and charge (private deployments); on by default. */
  billing: boolean;
  /** TRIAL_MINUTES: duration-pack minutes a new account starts with (0: none). */
  trialMinutes: number;
  /** BILLING_TIME_ZONE: the zone whose midnight rolls daily allowances over when a user has none of their own. */
  billingTimeZone: string;
  /** PAYPAL_*, WECHAT_PAY_*, ALIPAY_*: the real payment vendors; each is unconfigured without its settings. */
  paymentVendors: PaymentVendorConfig;
  /**
   * PAYMENT_PROVIDER: 'sandbox' (the embedded checkout page, no money moves) or 'vendors' (WeChat,
   * Alipay, PayPal by payType). Unset: 'sandbox' outside production, 'none' in production (payments
   * answer 'not configured' naming PAYMENT_PROVIDER), so packages are never free by default.
   */
  paymentProvider: PaymentProviderSetting;
  /** DEMO_PASSWORD: the demo account's password on every instance (else random; see demo-account.ts). */
  demoPassword: string | null;
  /** PAYMENT_ORDER_MINUTES: how long an unpaid order can still be paid before it closes (default 15). */
  paymentOrderMinutes: number;
  /** PUBLIC_BASE_URL: the address users, phones and vendors reach this Parley at (QR links, notify URLs, sign-in providers' redirects); the request's own host otherwise. */
  publicBaseUrl: string | null;
  /** AZURE_STORAGE_CONNECTION_STRING: dubbing videos in Azure Blob Storage; the embedded block endpoint on DATA_DIR/blob otherwise. */
  azureStorageConnectionString?: string | null;
  /** INSTANCE_ID: this process's name in the X-Parley-Instance header (random per start when unset). */
  instanceId?: string;
  /** LIVE_FANOUT_TIMING: each live stream message's delivery to this instance's sockets is timed and written to stdout (benchmarks). */
  liveFanoutTiming?: boolean;
}

type Env = Record<string, string | undefined>;

export interface SocialConfig {
  googleClientSecret: string | null;
  /** OIDC_ISSUER: the OpenID provider Google sign-in speaks to (Google's by default; a test provider in tests). */
  oidcIssuer: string;
  wechatAppSecret: string | null;
  /** WECHAT_MP_APP_ID / WECHAT_MP_APP_SECRET: the official-account app of the in-WeChat browser flow. */
  wechatMpAppId: string | null;
  wechatMpAppSecret: string | null;
  /** WECHAT_API_URL: where the code is exchanged (https://api.weixin.qq.com). */
  wechatApiUrl: string;
}

function loadSocialConfig(env: Env): SocialConfig {
  return {
    googleClientSecret: nonEmpty(env.GOOGLE_CLIENT_SECRET),
    oidcIssuer: nonEmpty(env.OIDC_ISSUER) ?? 'https://accounts.google.com',
    wechatAppSecret: nonEmpty(env.WECHAT_APP_SECRET),
    wechatMpAppId: nonEmpty(env.WECHAT_MP_APP_ID),
    wechatMpAppSecret: nonEmpty(env.WECHAT_MP_APP_SECRET),
    wechatApiUrl: (nonEmpty(env.WECHAT_API_URL) ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
  };
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${value}'`);
  return port;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number of 0 or more, got '${value}'`);
  return n;
}

/** The mail transport loads on the first mail (server start stays light), so its URL is checked here: a typo fails the start, not a user's sign-up code. */
function smtpUrl(value: string | undefined): string | null {
  const url = nonEmpty(value);
  if (url === null) return null;
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Reported below with the setting's name; the value may hold a password, so it is not echoed.
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465');
  return url;
}

function timeZone(value: string | undefined): string {
  const zone = nonEmpty(value) ?? 'UTC';
  if (!isTimeZone(zone)) throw new Error(`BILLING_TIME_ZONE must be an IANA time zone such as Asia/Shanghai, got '${zone}'`);
  return zone;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got '${value}'`);
  return n;
}

const isOn = (value: string | undefined) => ['1', 'true', 'on', 'yes'].includes((value ?? '').trim().toLowerCase());

function isOff(value: string | undefined): boolean {
  return ['off', '0', 'false', 'no'].includes((value ?? '').trim().toLowerCase());
}

function demoPassword(value: string | undefined): string | null {
  const password = nonEmpty(value);
  if (password !== null && checkPassword(password) !== null) {
    throw new Error(`DEMO_PASSWORD must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters with both letters and digits`);
  }
  return password;
}

export type PaymentProviderSetting = 'sandbox' | 'vendors' | 'none';

/**
 * In production the sandbox (free packages) only runs when asked for by name. Unset there means no
 * payments rather than a refused start: the rest of the product (trial minutes, meetings) still works,
 * and NODE_ENV defaults to production, so a refusal would stop every plain `npm start`.
 */
function paymentProvider(value: string | undefined, nodeEnv: string): PaymentProviderSetting {
  const name = nonEmpty(value)?.toLowerCase() ?? (nodeEnv === 'production' ? 'none' : 'sandbox');
  if (name !== 'sandbox' && name !== 'vendors' && name !== 'none') throw new Error(`PAYMENT_PROVIDER must be 'sandbox', 'vendors' or 'none', got '${value}'`);
  return name;
}

function baseUrl(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an http(s) address such as https://parley.example.com, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_BASE_URL must be an http(s) address, got '${raw}'`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/**
 * REDIS_URL is the scale-out setting: jobs go to whichever instance's worker is free. With media on
 * each instance's own disk, another instance's worker cannot read them and the job fails for good, so
 * that half-working deployment is refused at server start (not for admin commands, which an operator
 * may need to repair it) unless the operator says only one instance runs.
 */
export function checkSharedMedia(env: Env = process.env): void {
  if (!nonEmpty(env.REDIS_URL) || nonEmpty(env.AZURE_STORAGE_CONNECTION_STRING) || isOn(env.LOCAL_MEDIA_WITH_REDIS)) return;
  throw new Error(
    'REDIS_URL is set (instances share the job queue) but media are stored on this instance\'s own disk, which other instances cannot read. ' +
      'Set AZURE_STORAGE_CONNECTION_STRING for media storage every instance shares, or LOCAL_MEDIA_WITH_REDIS=on if only one instance runs.',
  );
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? './data');
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const isPostgres = databaseUrl !== null && /^postgres(ql)?:\/\//.test(databaseUrl);
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? 'production';
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    database: isPostgres ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', file: path.join(dataDir, 'parley.db') },
    redisUrl: nonEmpty(env.REDIS_URL),
    azureStorageConnectionString: nonEmpty(env.AZURE_STORAGE_CONNECTION_STRING),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Parley <no-reply@parley.local>',
    nodeEnv,
    webDir: path.resolve(nonEmpty(env.WEB_DIR) ?? 'dist/web'),
    demoAccount: !isOff(env.DEMO_ACCOUNT),
    demoPassword: demoPassword(env.DEMO_PASSWORD),
    wechatAppId: nonEmpty(env.WECHAT_APP_ID),
    googleClientId: nonEmpty(env.GOOGLE_CLIENT_ID),
    social: loadSocialConfig(env),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    engines: loadEngineConfig(env),
    uploadUrlAllowPrivate: isOn(env.UPLOAD_URL_ALLOW_PRIVATE),
    trustProxyTls: isOn(env.TRUST_PROXY_TLS),
    clientAttemptsPerHour: positiveInteger('CLIENT_ATTEMPTS_PER_HOUR', env.CLIENT_ATTEMPTS_PER_HOUR, 100),
    billing: !isOff(env.BILLING),
    trialMinutes: wholeNumber('TRIAL_MINUTES', env.TRIAL_MINUTES, 30),
    billingTimeZone: timeZone(env.BILLING_TIME_ZONE),
    paymentVendors: loadPaymentVendorConfig(env),
    paymentProvider: paymentProvider(env.PAYMENT_PROVIDER, nodeEnv),
    paymentOrderMinutes: positiveInteger('PAYMENT_ORDER_MINUTES', env.PAYMENT_ORDER_MINUTES, 15),
    publicBaseUrl: baseUrl(env.PUBLIC_BASE_URL),
    instanceId: instanceIdFrom(env.INSTANCE_ID),
    liveFanoutTiming: isOn(env.LIVE_FANOUT_TIMING),
  };
}

/** A given INSTANCE_ID of safe header characters, else a random one (nothing about the machine). */
function instanceIdFrom(value: string | undefined): string {
  const named = nonEmpty(value);
  return named && /^[A-Za-z0-9._-]{1,64}$/.test(named) ? named : randomBytes(4).toString('hex');
}
