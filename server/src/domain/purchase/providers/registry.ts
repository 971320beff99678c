// Which provider collects an order: PAYMENT_PROVIDER=sandbox (default outside production) sends every payType to the
// embedded checkout page; PAYMENT_PROVIDER=vendors sends each payType to its vendor. Vendor
// adapters (providers/paypal, providers/wechat, providers/alipay) come from VENDOR_FACTORIES unless
// the app hands in the instances it shares with the vendor endpoints (payment-wiring.ts); one that
// lacks its settings answers an honest, translated 'not configured' naming the first missing setting;
// with no provider (production without PAYMENT_PROVIDER) every payType answers 'not configured'.
import type { ServerConfig } from '../../../config';
import { AppError } from '../../../errors';
import type { ContractPayType } from '../orders';
import type { PaymentProvider, ProviderName } from './payment-provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { notConfigured, type VendorName } from './vendor-errors';
import { VENDOR_PROVIDER_FACTORIES } from './vendor-providers';

export type ProviderConfig = Pick<ServerConfig, 'paymentProvider'> & Partial<ServerConfig>;

type VendorProviderName = Exclude<ProviderName, 'sandbox'>;

/**
 * The vendor of each payType and its name in messages. The settings it lacks come from the adapter's
 * own `missingSetting` (one source of truth for the setting names).
 */
export const VENDOR_OF: Record<ContractPayType, { provider: VendorProviderName; vendor: VendorName }> = {
  wxV3Pay: { provider: 'wechat', vendor: 'WeChat Pay' },
  aliPay: { provider: 'alipay', vendor: 'Alipay' },
  paypalV2Pay: { provider: 'paypal', vendor: 'PayPal' },
};

/** Vendor adapters by name, for a registry built without the app's shared instances. */
export const VENDOR_FACTORIES: Record<VendorProviderName, (config: ProviderConfig) => PaymentProvider> = VENDOR_PROVIDER_FACTORIES;

export interface PaymentProviders {
  /** The provider that collects an order paid with `payType`; throws 'not configured' when it cannot. */
  forPayType(payType: ContractPayType): PaymentProvider;
  /** The provider an order was made with (for status queries and notifications). */
  byName(name: string): PaymentProvider | null;
}

/** `instances`: adapters the app already built (shared with the notification and return endpoints). */
export function createPaymentProviders(config: ProviderConfig, instances?: Partial<Record<VendorProviderName, PaymentProvider>>): PaymentProviders {
  const sandbox = createSandboxProvider();
  const vendors = new Map<string, PaymentProvider>();
  for (const name of Object.keys(VENDOR_FACTORIES) as VendorProviderName[]) vendors.set(name, instances?.[name] ?? VENDOR_FACTORIES[name](config));
  return {
    forPayType(payType) {
      if (config.paymentProvider === 'sandbox') return sandbox;
      // Production without PAYMENT_PROVIDER: nothing collects, so nothing is given away either.
      if (config.paymentProvider === 'none') throw new AppError(503, 'billing:providers.noProvider', { setting: 'PAYMENT_PROVIDER' });
      const vendor = VENDOR_OF[payType];
      const provider = vendors.get(vendor.provider)!;
      if (!provider.configured) throw notConfigured(vendor.vendor, provider.missingSetting ?? vendor.provider);
      return provider;
    },
    byName(name) {
      return name === 'sandbox' ? sandbox : (vendors.get(name) ?? null);
    },
  };
}
