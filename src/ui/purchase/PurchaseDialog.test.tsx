import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAY_QR_HEIGHT_PX, PAY_QR_WIDTH_PX } from '../../shared/contract/limits';
import { renderUi } from '../test-render';
import type { PayPanelProps } from './PayPanel';
import { PurchaseDialog, type PurchaseDialogProps } from './PurchaseDialog';
import type { CategoryView } from './pay-view-types';

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const pkg = (id: string, price: number, unit = 2) => ({ id, packageName: `Pack ${id}`, price, orgPrice: price * 2, validPeriod: 3, validPeriodUnit: unit, rights: [`right of ${id}`] });
const CATEGORIES: CategoryView[] = [
  { packageType: 1, desc: 'Live 10 h a day\nright of a\nVocabulary', remark: 'Everything', packageList: [pkg('a', 99), pkg('b', 199), pkg('c', 299), pkg('d', 399), pkg('e', 499)] },
  { packageType: 2, desc: 'Live 3 h a day', remark: null, packageList: [pkg('v', 49, 1)] },
];

function panel(overrides: Partial<PayPanelProps> = {}): PayPanelProps {
  return {
    stage: 'awaitingPayment',
    categories: CATEGORIES,
    tab: 0,
    packageId: 'b',
    method: 'wxV3Pay',
    qrDataUrl: IMAGE,
    approvalUrl: null,
    paypalInNewWindow: false,
    error: null,
    onTab: vi.fn(),
    onPackage: vi.fn(),
    onMethod: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
}

function props(overrides: Partial<PurchaseDialogProps> = {}): PurchaseDialogProps {
  return {
    open: true,
    hideClose: false,
    user: { name: 'Ana' },
    balances: [{ kind: 'svipMember', label: 'SVIP member', remarkString: 'Until 2027-01-01' }],
    customerService: { qrDataUrl: IMAGE, mail: 'help@parley.test', helpUrl: '/help' },
    rightsPictureUrl: null,
    panel: panel(),
    onClose: vi.fn(),
    onAccount: vi.fn(),
    ...overrides,
  };
}

describe('PurchaseDialog', () => {
  it('shows the user, the chosen package’s price in yuan and a 212 by 205 QR', async () => {
    await renderUi(<PurchaseDialog {...props()} />);
    const dialog = await screen.findByTestId('purchase-dialog');
    expect(dialog.style.width || getComputedStyle(dialog).width).toBe('1210px');
    expect(within(dialog).getByTestId('purchase-user-name').textContent).toBe('Ana');
    expect(within(dialog).getByTestId('pay-price').textContent).toBe('¥199.00');
    const qr = within(dialog).getByTestId('payment-qr') as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(IMAGE);
    expect(getComputedStyle(qr).width).toBe(`${PAY_QR_WIDTH_PX}px`);
    expect(getComputedStyle(qr).height).toBe(`${PAY_QR_HEIGHT_PX}px`);
    expect(within(dialog).getByText('Scan with WeChat Pay to pay')).toBeTruthy();
    expect(within(dialog).getByTestId('package-b').getAttribute('aria-pressed')).toBe('true');
    expect(within(within(dialog).getByTestId('package-b')).getByText('Valid 3 months')).toBeTruthy();
  });

  it('names tabs by category and lists the benefit lines under them, once (issue 29)', async () => {
    await renderUi(<PurchaseDialog {...props()} />);
    const dialog = await screen.findByTestId('purchase-dialog');
    const tab = within(dialog).getByTestId('pay-tab-0');
    expect(tab.textContent).toBe('SVIP');
    expect(within(dialog).getByTestId('pay-tab-1').textContent).toBe('VIP');
    // axe's aria-valid-attr-value: the tab controls a panel that exists (it named a missing one).
    const panelId = tab.getAttribute('aria-controls');
    expect(panelId && dialog.ownerDocument.getElementById(panelId)).toBeTruthy();
    const benefits = within(within(dialog).getByTestId('pay-tab-panel-0')).getAllByRole('listitem').map((item) => item.textContent);
    expect(benefits).toEqual(['Live 10 h a day', 'right of a', 'Vocabulary']);
    // A card leaves out what the list under the tabs already says.
    expect(within(within(dialog).getByTestId('package-a')).queryByText(/right of a/)).toBeNull();
    expect(within(within(dialog).getByTestId('package-b')).getByText(/right of b/)).toBeTruthy();
  });

  it('says the sandbox moves no money when the server runs it, and nothing otherwise', async () => {
    const { unmount } = await renderUi(<PurchaseDialog {...props({ sandbox: true })} />);
    expect(screen.getByTestId('purchase-sandbox-notice').textContent).toBe('Sandbox — no money moves');
    unmount();
    await renderUi(<PurchaseDialog {...props()} />);
    expect(screen.queryByTestId('purchase-sandbox-notice')).toBeNull();
  });

  it('folds the comparison table under the pay panel, opened by its button', async () => {
    await renderUi(<PurchaseDialog {...props({ rightsPictureUrl: 'https://parley.test/rights.png' })} />);
    const dialog = await screen.findByTestId('purchase-dialog');
    const toggle = within(dialog).getByTestId('equity-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).getByTestId('pay-panel').compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByTestId('equity-table').textContent).toContain('Up to 10 h');
    expect(within(dialog).getByTestId('rights-picture').getAttribute('href')).toBe('https://parley.test/rights.png');
  });

  it('reports choices as events and hides the close button for the plugin’s media page', async () => {
    const p = props({ hideClose: true });
    await renderUi(<PurchaseDialog {...p} />);
    const dialog = await screen.findByTestId('purchase-dialog');
    expect(within(dialog).queryByTestId('purchase-dialog-close')).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByTestId('package-c')));
    await act(async () => fireEvent.click(within(dialog).getByTestId('pay-method-aliPay')));
    await act(async () => fireEvent.click(within(dialog).getByTestId('purchase-account-link')));
    expect(p.panel!.onPackage).toHaveBeenCalledWith('c');
    expect(p.panel!.onMethod).toHaveBeenCalledWith('aliPay');
    expect(p.onAccount).toHaveBeenCalled();
  });

  it('keeps the dialog open on Escape, and closes by its button', async () => {
    const p = props();
    await renderUi(<PurchaseDialog {...p} />);
    const dialog = await screen.findByTestId('purchase-dialog');
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(p.onClose).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByTestId('purchase-dialog-close')));
    expect(p.onClose).toHaveBeenCalled();
  });

  it('disables other choices while a QR loads, and offers a new code for an expired order', async () => {
    const loading = props({ panel: panel({ stage: 'fetchingQr', qrDataUrl: null }) });
    const { unmount } = await renderUi(<PurchaseDialog {...loading} />);
    let dialog = await screen.findByTestId('purchase-dialog');
    expect((within(dialog).getByTestId('package-c') as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('pay-method-aliPay') as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('Preparing the payment…')).toBeTruthy();
    unmount();
    const closed = props({ panel: panel({ stage: 'orderClosed', qrDataUrl: null }) });
    await renderUi(<PurchaseDialog {...closed} />);
    dialog = await screen.findByTestId('purchase-dialog');
    expect(within(dialog).getByText('This order has expired.')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByTestId('payment-retry')));
    expect(closed.panel!.onRetry).toHaveBeenCalled();
  });

  it('offers PayPal as a link, in a new window when embedded', async () => {
    const approvalUrl = 'https://www.sandbox.paypal.com/checkoutnow?token=5O1';
    await renderUi(<PurchaseDialog {...props({ panel: panel({ method: 'paypalV2Pay', qrDataUrl: null, approvalUrl, paypalInNewWindow: true }) })} />);
    const link = (await screen.findByTestId('paypal-approve')) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(approvalUrl);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
