// The three real vendor adapters of one app, built from its configuration.
import { AlipayProvider } from './alipay/alipay-provider';
import { PayPalProvider } from './paypal/paypal-provider';
import { loadPaymentVendorConfig, type PaymentVendorConfig } from './vendor-config';
import { WeChatPayProvider } from './wechat/wechat-pay-provider';

export interface VendorProviders {
  paypal: PayPalProvider;
  wechat: WeChatPayProvider;
  alipay: AlipayProvider;
}

/** `orderAmountFen`: the payments service's price of an order, for PayPal polling in a non-CNY currency. */
export function createVendorProviders(config: PaymentVendorConfig, now: () => Date, orderAmountFen?: (outTradeNo: string) => Promise<number | null>): VendorProviders {
  return {
    paypal: new PayPalProvider(config.paypal, now, orderAmountFen),
    wechat: new WeChatPayProvider(config.wechat, now),
    alipay: new AlipayProvider(config.alipay, now),
  };
}

/**
 * One factory per vendor, taking the app's configuration, for a provider registry that builds its
 * providers by name (getQrPay's start() and status polling). An app without vendor settings gets
 * unconfigured adapters that answer 'not configured' naming the missing setting.
 */
export const VENDOR_PROVIDER_FACTORIES = {
  paypal: (config: { paymentVendors?: PaymentVendorConfig }) => new PayPalProvider((config.paymentVendors ?? loadPaymentVendorConfig({})).paypal),
  wechat: (config: { paymentVendors?: PaymentVendorConfig }) => new WeChatPayProvider((config.paymentVendors ?? loadPaymentVendorConfig({})).wechat),
  alipay: (config: { paymentVendors?: PaymentVendorConfig }) => new AlipayProvider((config.paymentVendors ?? loadPaymentVendorConfig({})).alipay),
};
