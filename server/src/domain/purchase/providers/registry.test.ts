// The provider registry: the sandbox collects everything by default; with PAYMENT_PROVIDER=vendors each
// payType goes to its vendor (the app's shared instance when given, else one from VENDOR_FACTORIES),
// and a vendor without settings refuses with 'not configured' naming its first missing setting.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import { createPaymentProviders } from './registry';
import { loadPaymentVendorConfig } from './vendor-config';
import { createVendorProviders } from './vendor-providers';

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, key: error.messageKey, params: error.params } : error;
  }
  return null;
};

describe('payment provider registry', () => {
  it('sends every payType to the sandbox by default', () => {
    const providers = createPaymentProviders({ paymentProvider: 'sandbox' });
    expect(['wxV3Pay', 'aliPay', 'paypalV2Pay'].map((payType) => providers.forPayType(payType as 'aliPay').name)).toEqual(['sandbox', 'sandbox', 'sandbox']);
  });

  it('with vendors, uses the shared instances and names the first missing setting of an unconfigured one', () => {
    const shared = createVendorProviders(loadPaymentVendorConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_SECRET: 's', PAYPAL_CURRENCY: 'CNY', ALIPAY_APP_ID: '2021' }), () => new Date());
    const providers = createPaymentProviders({ paymentProvider: 'vendors' }, shared);
    expect(providers.forPayType('paypalV2Pay')).toBe(shared.paypal);
    expect(providers.byName('wechat')).toBe(shared.wechat);
    expect(refusalOf(() => providers.forPayType('aliPay'))).toEqual({ code: 503, key: 'billing:providers.notConfigured', params: { vendor: 'Alipay', setting: 'ALIPAY_PRIVATE_KEY', context: 'alipay' } });
    expect(refusalOf(() => providers.forPayType('wxV3Pay'))).toMatchObject({ code: 503, params: { vendor: 'WeChat Pay', setting: 'WECHAT_PAY_MCHID' } });
  });

  it('with no provider (production without PAYMENT_PROVIDER) refuses every payType naming the setting', () => {
    const providers = createPaymentProviders({ paymentProvider: 'none' });
    for (const payType of ['wxV3Pay', 'aliPay', 'paypalV2Pay'] as const) {
      expect(refusalOf(() => providers.forPayType(payType))).toEqual({ code: 503, key: 'billing:providers.noProvider', params: { setting: 'PAYMENT_PROVIDER' } });
    }
  });

  it('without shared instances builds its vendors from the app settings', () => {
    const providers = createPaymentProviders({ paymentProvider: 'vendors', paymentVendors: loadPaymentVendorConfig({}) });
    expect(refusalOf(() => providers.forPayType('paypalV2Pay'))).toMatchObject({ code: 503, params: { vendor: 'PayPal', setting: 'PAYPAL_CLIENT_ID' } });
    expect(providers.byName('paypal')?.name).toBe('paypal');
    expect(providers.byName('nobody')).toBeNull();
  });
});
