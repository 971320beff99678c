// WeChat Pay API v3 signatures (pay.weixin.qq.com/docs/merchant/development/interface-rules/signature-generation.html):
// requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`
// signed with the merchant key over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n"; answers and notifications carry
// Wechatpay-Timestamp/-Nonce/-Signature over "TIMESTAMP\nNONCE\nBODY\n" signed with the platform key, and a
// notification's resource is AEAD_AES_256_GCM encrypted with the APIv3 key.
import crypto from 'node:crypto';

export const WECHAT_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

export function nonce(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function rsaSha256Sign(message: string, privateKeyPem: string): string {
  return crypto.createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

export function rsaSha256Verify(message: string, signature: string, publicKeyOrCertPem: string): boolean {
  try {
    const key = publicKeyOrCertPem.includes('CERTIFICATE') ? new crypto.X509Certificate(publicKeyOrCertPem).publicKey : publicKeyOrCertPem;
    return crypto.createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export interface MerchantKey {
  mchId: string;
  serialNo: string;
  privateKeyPem: string;
}

/** The Authorization header of one request; `urlPath` is the path with its query string. */
export function authorizationHeader(key: MerchantKey, method: string, urlPath: string, body: string, timestamp: number, nonceStr = nonce()): string {
  const message = `${method}\n${urlPath}\n${timestamp}\n${nonceStr}\n${body}\n`;
  const signature = rsaSha256Sign(message, key.privateKeyPem);
  return `${WECHAT_AUTH_SCHEMA} mchid="${key.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${key.serialNo}"`;
}

/** Parses the Authorization header back into its fields (used by the tests' vendor stand-in, and kept beside its writer). */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${WECHAT_AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(WECHAT_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

export interface SignedMessage {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  body: string;
}

export type SignatureProblem = 'unsigned' | 'stale' | 'badSignature';

/** Checks a platform-signed answer or notification; `nowSeconds` bounds the timestamp to ±`toleranceSeconds`. */
export function verifyPlatformSignature(message: SignedMessage, platformCertPem: string, nowSeconds: number, toleranceSeconds = 300): SignatureProblem | null {
  const { timestamp, nonce: nonceStr, signature, body } = message;
  if (!timestamp || !nonceStr || !signature) return 'unsigned';
  const sent = Number(timestamp);
  if (!Number.isSafeInteger(sent) || Math.abs(nowSeconds - sent) > toleranceSeconds) return 'stale';
  return rsaSha256Verify(`${timestamp}\n${nonceStr}\n${body}\n`, signature, platformCertPem) ? null : 'badSignature';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM: ciphertext is base64 of encrypted bytes followed by the 16-byte tag; null when it does not open. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length < 17) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The inverse of decryptResource: what WeChat does to a notification (the tests use it to build one). */
export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string, nonceStr: string): EncryptedResource {
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonceStr, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: encrypted.toString('base64'), associated_data: associatedData, nonce: nonceStr };
}

/** JSAPI paySign: RSA-SHA256 over "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant key. */
export function jsApiPaySign(appId: string, timeStamp: string, nonceStr: string, prepayPackage: string, privateKeyPem: string): string {
  return rsaSha256Sign(`${appId}\n${timeStamp}\n${nonceStr}\n${prepayPackage}\n`, privateKeyPem);
}
