// The three real vendor adapters of one app, built from its configuration.
import { AlipayProvider } from './alipay/alipay-provider';
import { PayPalProvider } from './paypal/paypal-provider';
import type { PaymentVendorConfig } from './vendor-config';
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
