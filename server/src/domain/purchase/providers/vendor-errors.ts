// Errors every vendor adapter raises, translated in the `billing` namespace (providers.*).
import { AppError } from '../../../errors';

export type VendorName = 'PayPal' | 'WeChat Pay' | 'Alipay';

/** i18next `context`: the messages exist per vendor (providers.notConfigured_wechat, …) so each locale names it its own way. */
const CONTEXT: Record<VendorName, string> = { PayPal: 'paypal', 'WeChat Pay': 'wechat', Alipay: 'alipay' };

/** The vendor cannot be used until `setting` is set: named so an operator knows what to add. */
export const notConfigured = (vendor: VendorName, setting: string) =>
  new AppError(503, 'billing:providers.notConfigured', { vendor, setting, context: CONTEXT[vendor] });

/** The vendor answered, but not with what its documentation promises (or refused the request). */
export const vendorFailed = (vendor: VendorName, detail: string) =>
  new AppError(502, 'billing:providers.vendorFailed', { vendor, detail: detail.slice(0, 200), context: CONTEXT[vendor] });

/** The vendor's answer could not be proven to come from the vendor (bad or missing signature). */
export const vendorUnverified = (vendor: VendorName) => new AppError(502, 'billing:providers.vendorUnverified', { vendor, context: CONTEXT[vendor] });

/** Fetch with a timeout; a network failure becomes a translated vendorFailed. */
export async function vendorFetch(vendor: VendorName, url: string, init: RequestInit, timeoutMs = 15_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw vendorFailed(vendor, (error as Error).message);
  }
}

/** Yuan as the vendors write it ("12.50") to fen, or null when it is not a plain amount. */
export function yuanTextToFen(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const s = String(text).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, fraction = ''] = s.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
