// The factories a provider registry uses: configured adapters from the app's settings, and honest
// unconfigured ones (naming the first missing setting) when there are none.
import { describe, expect, it } from 'vitest';
import { loadPaymentVendorConfig } from './vendor-config';
import { VENDOR_PROVIDER_FACTORIES } from './vendor-providers';

describe('vendor provider factories', () => {
  it('build unconfigured adapters without settings, naming what is missing', () => {
    const paypal = VENDOR_PROVIDER_FACTORIES.paypal({});
    const wechat = VENDOR_PROVIDER_FACTORIES.wechat({ paymentVendors: loadPaymentVendorConfig({}) });
    const alipay = VENDOR_PROVIDER_FACTORIES.alipay({ paymentVendors: loadPaymentVendorConfig({ ALIPAY_APP_ID: '2021' }) });
    expect([paypal.name, paypal.configured, paypal.missingSetting]).toEqual(['paypal', false, 'PAYPAL_CLIENT_ID']);
    expect([wechat.name, wechat.configured, wechat.missingSetting]).toEqual(['wechat', false, 'WECHAT_PAY_MCHID']);
    expect([alipay.name, alipay.configured, alipay.missingSetting]).toEqual(['alipay', false, 'ALIPAY_PRIVATE_KEY']);
  });

  it('build configured adapters from complete settings', () => {
    const config = { paymentVendors: loadPaymentVendorConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_SECRET: 's', PAYPAL_CURRENCY: 'CNY' }) };
    expect(VENDOR_PROVIDER_FACTORIES.paypal(config).configured).toBe(true);
  });
});
