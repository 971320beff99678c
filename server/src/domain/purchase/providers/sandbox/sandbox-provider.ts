// The embedded payment provider (PAYMENT_PROVIDER=sandbox, the default): no vendor, no money. The
// QR the customer scans is the address of a checkout page this Parley serves
// (plugins/app/sandbox-checkout.ts); the link carries a random checkout id that only the order's
// QR shows, so the link itself is the capability to pay or cancel that one order, from any device.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, PaymentRequest, PaymentStart } from '../payment-provider';

export const SANDBOX_CHECKOUT_PATH = '/prod-api/pay/sandbox';

export function sandboxCheckoutUrl(publicBaseUrl: string, outTradeNo: string, checkoutId: string): string {
  return `${publicBaseUrl}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(outTradeNo)}?sig=${encodeURIComponent(checkoutId)}`;
}

/** Constant-time comparison of the link's sig with the order's checkout id. */
export function sandboxSigMatches(checkoutId: string | null, sig: unknown): boolean {
  if (!checkoutId || typeof sig !== 'string') return false;
  const expected = Buffer.from(checkoutId);
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    configured: true,
    async start(request: PaymentRequest): Promise<PaymentStart> {
      // 32 random bytes: the checkout id is the link's secret, kept as the order's provider order id.
      const checkoutId = randomBytes(32).toString('base64url');
      const url = sandboxCheckoutUrl(request.publicBaseUrl, request.outTradeNo, checkoutId);
      // Every method shows the same page: the QR for WeChat and Alipay, the approval link for PayPal.
      return { providerOrderId: checkoutId, weChatQRCode: url, aliPayQRCode: url, payPalPayHtml: url };
    },
    // No query: the checkout page settles the order itself when Pay is pressed.
  };
}
