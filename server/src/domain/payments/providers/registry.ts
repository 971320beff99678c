// Which provider collects an order: PAYMENT_PROVIDER=sandbox (default) sends every payType to the
// embedded checkout page; PAYMENT_PROVIDER=vendors sends each payType to its vendor. Vendor
// adapters (providers/paypal, providers/wechat, providers/alipay) register in VENDOR_FACTORIES;
// one that is missing or lacks its settings answers an honest, translated 'not configured'.
import type { ServerConfig } from '../../../config';
import { AppError } from '../../../errors';
import type { ContractPayType } from '../orders';
import type { PaymentProvider, ProviderName } from './payment-provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';

export type ProviderConfig = Pick<ServerConfig, 'paymentProvider'> & Partial<ServerConfig>;

/** The vendor of each payType, and the settings it needs (named in the 'not configured' message). */
export const VENDOR_OF: Record<ContractPayType, { provider: Exclude<ProviderName, 'sandbox'>; settings: string }> = {
  wxV3Pay: { provider: 'wechat', settings: 'WECHAT_PAY_MCH_ID, WECHAT_PAY_APP_ID, WECHAT_PAY_API_V3_KEY, WECHAT_PAY_SERIAL_NO, WECHAT_PAY_PRIVATE_KEY' },
  aliPay: { provider: 'alipay', settings: 'ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY' },
  paypalV2Pay: { provider: 'paypal', settings: 'PAYPAL_CLIENT_ID, PAYPAL_SECRET, PAYPAL_API_URL' },
};

/** Vendor adapters by name: the pay-providers work adds its factories here. */
export const VENDOR_FACTORIES: Partial<Record<Exclude<ProviderName, 'sandbox'>, (config: ProviderConfig) => PaymentProvider>> = {};

export interface PaymentProviders {
  /** The provider that collects an order paid with `payType`; throws 'not configured' when it cannot. */
  forPayType(payType: ContractPayType): PaymentProvider;
  /** The provider an order was made with (for status queries and notifications). */
  byName(name: string): PaymentProvider | null;
}

export function createPaymentProviders(config: ProviderConfig): PaymentProviders {
  const sandbox = createSandboxProvider();
  const vendors = new Map<string, PaymentProvider>();
  for (const [name, factory] of Object.entries(VENDOR_FACTORIES)) if (factory) vendors.set(name, factory(config));
  return {
    forPayType(payType) {
      if (config.paymentProvider === 'sandbox') return sandbox;
      const vendor = VENDOR_OF[payType];
      const provider = vendors.get(vendor.provider);
      if (!provider || !provider.configured) throw new AppError(503, 'billing:orders.providerNotConfigured', { provider: vendor.provider, settings: vendor.settings });
      return provider;
    },
    byName(name) {
      return name === 'sandbox' ? sandbox : (vendors.get(name) ?? null);
    },
  };
}
