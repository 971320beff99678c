// Parley prices are in yuan (fen inside); a PayPal order is priced in PAYPAL_CURRENCY at
// PAYPAL_YUAN_PER_UNIT yuan per unit (1 for CNY). The same rounding turns an order into the value sent
// and checks the value captured, so a capture matches only the exact amount that was asked.

/** Currencies PayPal takes without decimals (developer.paypal.com/api/rest/reference/currency-codes). */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

export function payPalValue(amountFen: number, currency: string, yuanPerUnit: number): string {
  const units = amountFen / 100 / yuanPerUnit;
  return ZERO_DECIMAL.has(currency) ? String(Math.round(units)) : (Math.round(units * 100) / 100).toFixed(2);
}

/** The fen a captured value stands for (for a capture reported without its order at hand). */
export function fenOfPayPalValue(value: string, yuanPerUnit: number): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * yuanPerUnit * 100);
}
