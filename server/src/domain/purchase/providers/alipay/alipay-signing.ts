// Alipay open platform RSA2 signatures (opendocs.alipay.com, "自行实现签名"): the string to sign is every
// parameter except `sign` (and, for notifications, `sign_type`) with a non-empty value, sorted by key in
// ASCII order, joined as k=v with &, values not URL-encoded; SHA256withRSA, base64. An answer is signed
// over the raw JSON text of its `<method>_response` member.
import crypto from 'node:crypto';

export function signingString(params: Record<string, string | undefined>, omit: string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKeyPem: string): string {
  return crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKeyPem: string): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** Alipay keys are often given as bare base64 (no PEM armour): wrap them so node:crypto reads them. */
export function asPem(key: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  if (key.includes('-----BEGIN')) return key;
  const body = key.replace(/\s+/g, '').match(/.{1,64}/g)?.join('\n') ?? '';
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}

/**
 * The exact text of the JSON value of `member` in `json` (Alipay signs these bytes, so re-serialising
 * the parsed object would not do); null when the member is absent.
 */
export function rawJsonMember(json: string, member: string): string | null {
  const key = `"${member}"`;
  const at = json.indexOf(key);
  if (at < 0) return null;
  let i = json.indexOf(':', at + key.length);
  if (i < 0) return null;
  i += 1;
  while (/\s/.test(json[i] ?? '')) i += 1;
  const start = i;
  if (json[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (; i < json.length; i += 1) {
    const ch = json[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return json.slice(start, i + 1);
    }
  }
  return null;
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time, the format of Alipay's timestamp and time_expire. */
export function beijingDateTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

export function parseBeijingDateTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}
