// The sandbox checkout page, rendered on the server: what the order buys and its amount in yuan, in
// the reader's language, with Pay and Cancel as a plain form (no script, so it works on any phone
// browser and under the app's content security policy; the style carries the page's nonce).
import type { PaymentOrderRow } from '../../../../db/schema';

type Translate = (key: string, params?: Record<string, unknown>) => unknown;

export type CheckoutView = { kind: 'order'; order: PaymentOrderRow; outcome?: 'paid' | 'cancelled' } | { kind: 'invalid' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1a202c}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}p.note{color:#4a5568;margin:0 0 20px;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 20px}dt{color:#4a5568}dd{margin:0;word-break:break-all}
.amount{font-size:24px;font-weight:700;color:#c53030}form{display:flex;gap:12px}
button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:1px solid #cbd5e0;background:#fff;cursor:pointer}
button[value=pay]{background:#2b6cb0;border-color:#2b6cb0;color:#fff}.state{font-size:16px;font-weight:600}`;

export function checkoutPage(t: Translate, lang: string, nonce: string, view: CheckoutView): string {
  const tr = (key: string, params?: Record<string, unknown>) => escapeHtml(String(t(`billing:orders.checkout.${key}`, params)));
  let status = 'invalid';
  let body = `<p class="state" role="alert">${tr('invalidLink')}</p>`;
  if (view.kind === 'order') {
    const { order } = view;
    status = order.status;
    const details = `<dl>
<dt>${tr('package')}</dt><dd data-field="package">${escapeHtml(order.package_name)}</dd>
<dt>${tr('amount')}</dt><dd class="amount" data-field="amount">${tr('yuan', { amount: (order.amount_fen / 100).toFixed(2) })}</dd>
<dt>${tr('order')}</dt><dd>${escapeHtml(order.out_trade_no)}</dd>
</dl>`;
    let state: string;
    if (order.status === 'paid') state = `<p class="state" role="status">${tr('paid')}</p>`;
    else if (order.status === 'closed') state = `<p class="state" role="status">${tr(view.outcome === 'cancelled' ? 'cancelled' : 'closed')}</p>`;
    else
      state = `<p>${tr('expires', { time: escapeHtml(order.expires_at.slice(0, 16).replace('T', ' ')) })}</p>
<form method="post"><button type="submit" name="action" value="pay">${tr('pay')}</button><button type="submit" name="action" value="cancel">${tr('cancel')}</button></form>`;
    body = details + state;
  }
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${tr('title')}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body data-status="${status}"><main><h1>${tr('title')}</h1><p class="note">${tr('note')}</p>${body}</main></body></html>`;
}
