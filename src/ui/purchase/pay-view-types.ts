// What the purchase views are given, as plain shapes: the ui layer does not import the api or the
// machines, so it names only the fields it renders.
export type PayMethod = 'wxV3Pay' | 'aliPay' | 'paypalV2Pay';
export const PAY_METHODS: readonly PayMethod[] = ['wxV3Pay', 'aliPay', 'paypalV2Pay'];

export interface PackageView {
  id: string;
  packageName: string;
  price: number;
  orgPrice?: number | null;
  validPeriod: number;
  /** 1 year, 2 month, 3 day. */
  validPeriodUnit: number;
  rights?: string[];
}

export interface CategoryView {
  packageType: number;
  desc: string;
  remark?: string | null;
  packageList: PackageView[];
}

export type PayStageView = 'loading' | 'loadFailed' | 'nothingOffered' | 'fetchingQr' | 'awaitingPayment' | 'orderClosed' | 'qrFailed' | 'paid';

export interface ShownText {
  message?: string;
  messageKey?: string;
}

export function formatYuan(amount: number): string {
  return amount.toFixed(2);
}
