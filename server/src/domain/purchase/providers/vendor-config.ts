// Settings of the real payment vendors, read from the environment (platform §6). Each vendor is
// optional: a missing setting leaves it unconfigured, and it answers an honest 'not configured'
// naming the first setting that is missing instead of failing at start.
import fs from 'node:fs';

type Env = Record<string, string | undefined>;

export interface PayPalConfig {
  clientId: string | null;
  secret: string | null;
  apiUrl: string;
  webhookId: string | null;
  /** ISO 4217 code the orders are priced in. */
  currency: string;
  /** Yuan per one unit of `currency` (1 for CNY); prices are kept in yuan. */
  yuanPerUnit: number | null;
}

export interface WeChatPayConfig {
  mchId: string | null;
  appId: string | null;
  serialNo: string | null;
  privateKeyPem: string | null;
  platformCertPem: string | null;
  apiV3Key: string | null;
  apiUrl: string;
  /** The MP (official account) app secret, for getOpenId's oauth2 code exchange. */
  mpAppSecret: string | null;
  oauthApiUrl: string;
}

export interface AlipayConfig {
  appId: string | null;
  privateKeyPem: string | null;
  alipayPublicKeyPem: string | null;
  gateway: string;
}

export interface PaymentVendorConfig {
  paypal: PayPalConfig;
  wechat: WeChatPayConfig;
  alipay: AlipayConfig;
}

function value(env: Env, name: string): string | null {
  const trimmed = env[name]?.trim();
  return trimmed ? trimmed : null;
}

/** NAME, or the contents of the file NAME_FILE names (keys are multi-line PEM text). */
function valueOrFile(env: Env, name: string): string | null {
  const direct = value(env, name);
  if (direct) return direct.replace(/\\n/g, '\n');
  const file = value(env, `${name}_FILE`);
  if (!file) return null;
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${name}_FILE names a file that cannot be read: ${file} (${(error as Error).message})`);
  }
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const url = value(env, name) ?? fallback;
  if (!/^https?:\/\//.test(url)) throw new Error(`${name} must be an http(s) URL, got '${url}'`);
  return url.replace(/\/+$/, '');
}

function currencyRate(env: Env, currency: string): number | null {
  if (currency === 'CNY') return 1;
  const raw = value(env, 'PAYPAL_YUAN_PER_UNIT');
  if (raw === null) return null;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`PAYPAL_YUAN_PER_UNIT must be a positive number, got '${raw}'`);
  return rate;
}

export function loadPaymentVendorConfig(env: Env): PaymentVendorConfig {
  const currency = (value(env, 'PAYPAL_CURRENCY') ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`PAYPAL_CURRENCY must be an ISO 4217 code such as USD, got '${currency}'`);
  return {
    paypal: {
      clientId: value(env, 'PAYPAL_CLIENT_ID'),
      secret: value(env, 'PAYPAL_SECRET'),
      apiUrl: baseUrl(env, 'PAYPAL_API_URL', 'https://api-m.sandbox.paypal.com'),
      webhookId: value(env, 'PAYPAL_WEBHOOK_ID'),
      currency,
      yuanPerUnit: currencyRate(env, currency),
    },
    wechat: {
      mchId: value(env, 'WECHAT_PAY_MCHID'),
      appId: value(env, 'WECHAT_PAY_APPID'),
      serialNo: value(env, 'WECHAT_PAY_SERIAL'),
      privateKeyPem: valueOrFile(env, 'WECHAT_PAY_PRIVATE_KEY'),
      platformCertPem: valueOrFile(env, 'WECHAT_PAY_PLATFORM_CERT'),
      apiV3Key: value(env, 'WECHAT_PAY_API_V3_KEY'),
      apiUrl: baseUrl(env, 'WECHAT_PAY_API_URL', 'https://api.mch.weixin.qq.com'),
      mpAppSecret: value(env, 'WECHAT_MP_APP_SECRET'),
      oauthApiUrl: baseUrl(env, 'WECHAT_OAUTH_API_URL', 'https://api.weixin.qq.com'),
    },
    alipay: {
      appId: value(env, 'ALIPAY_APP_ID'),
      privateKeyPem: valueOrFile(env, 'ALIPAY_PRIVATE_KEY'),
      alipayPublicKeyPem: valueOrFile(env, 'ALIPAY_PUBLIC_KEY'),
      gateway: baseUrl(env, 'ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do'),
    },
  };
}

/** The first setting of `required` that is missing, or null when all are present. */
export function firstMissing(required: Array<[setting: string, present: unknown]>): string | null {
  return required.find(([, present]) => present === null || present === undefined || present === '')?.[0] ?? null;
}
