import { act, fireEvent, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../theme-more-recipes';
import { renderUi } from '../test-render';
import { AppHeader, type AppHeaderProps } from './AppHeader';

/** Menus and popovers measure themselves; jsdom has no ResizeObserver. */
function standInResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

function props(overrides: Partial<AppHeaderProps> = {}): AppHeaderProps {
  return {
    locale: 'zh-TW',
    user: null,
    accounts: null,
    freeTimeQrDataUrl: null,
    isMobile: false,
    onHome: vi.fn(),
    onLocaleChange: vi.fn(),
    onVoucher: vi.fn(),
    onPurchase: vi.fn(),
    onLogin: vi.fn(),
    onAvatarAction: vi.fn(),
    onBuy: vi.fn(),
    onNew: vi.fn(),
    ...overrides,
  };
}

describe('AppHeader', () => {
  it('shows the login/register button to a signed-out user and the current language label', async () => {
    const onLogin = vi.fn();
    await renderUi(<AppHeader {...props({ onLogin })} />);
    expect(screen.getByTestId('language-picker-trigger').textContent).toBe('繁體中文');
    expect(screen.queryByTestId('avatar-menu-trigger')).toBeNull();
    fireEvent.click(screen.getByTestId('login-register-button'));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('shows the avatar menu instead for a signed-in user', async () => {
    await renderUi(<AppHeader {...props({ user: { name: 'alice' } })} />);
    expect(screen.getByTestId('avatar-menu-trigger').textContent).toContain('alice');
    expect(screen.queryByTestId('login-register-button')).toBeNull();
  });

  it('asks for the free-time QR code only when its popover opens, and shows it once drawn', async () => {
    standInResizeObserver();
    const onFreeTimeOpen = vi.fn();
    const view = await renderUi(<AppHeader {...props({ onFreeTimeOpen })} />);
    expect(onFreeTimeOpen).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByTestId('free-time-trigger')));
    expect(onFreeTimeOpen).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('free-time-qr')).toBeNull();
    view.rerender(
      <ChakraProvider value={system}>
        <AppHeader {...props({ onFreeTimeOpen, freeTimeQrDataUrl: 'data:image/png;base64,AAAA' })} />
      </ChakraProvider>,
    );
    const qr = await screen.findByTestId('free-time-qr');
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    // It pulses for the spec's 5 seconds: 5 pulses of a second each (platform §2 and its QR limits).
    expect(qr.className).toBe('free-time-qr');
    expect(qr.style.animationDuration).toBe('1000ms');
    expect(qr.style.animationIterationCount).toBe('5');
  });

  it('sends voucher and purchase events', async () => {
    const onVoucher = vi.fn();
    const onPurchase = vi.fn();
    await renderUi(<AppHeader {...props({ onVoucher, onPurchase })} />);
    fireEvent.click(screen.getByTestId('voucher-button'));
    fireEvent.click(screen.getByTestId('purchase-button'));
    expect(onVoucher).toHaveBeenCalledOnce();
    expect(onPurchase).toHaveBeenCalledOnce();
  });

  it('hides every purchase entry point under BILLING=off (no onPurchase, no onBuy)', async () => {
    standInResizeObserver();
    const billingOn = await renderUi(<AppHeader {...props({ user: { name: 'alice' } })} />);
    await act(async () => fireEvent.click(screen.getByTestId('avatar-menu-trigger')));
    expect((await screen.findByTestId('account-block-duration')).textContent).toMatch(/Buy|Renew/);
    billingOn.unmount();
    const { onPurchase: _p, onBuy: _b, ...rest } = props({ user: { name: 'alice' } });
    const view = await renderUi(<AppHeader {...rest} />);
    expect(screen.queryByTestId('purchase-button')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('avatar-menu-trigger')));
    expect(await screen.findByTestId('avatar-menu')).toBeTruthy();
    expect(screen.getByTestId('account-block-duration').textContent).not.toMatch(/Buy|Renew/);
    view.unmount();
    await renderUi(<AppHeader {...rest} isMobile />);
    await act(async () => fireEvent.click(screen.getByTestId('mobile-more-trigger')));
    expect(screen.getByTestId('voucher-button')).toBeTruthy();
    expect(screen.queryByTestId('purchase-button')).toBeNull();
  });

  it('offers the navigation drawer button only on mobile', async () => {
    const onOpenNav = vi.fn();
    const view = await renderUi(<AppHeader {...props({ onOpenNav })} />);
    expect(screen.queryByTestId('mobile-nav-trigger')).toBeNull();
    view.unmount();
    await renderUi(<AppHeader {...props({ onOpenNav, isMobile: true })} />);
    await act(async () => fireEvent.click(screen.getByTestId('mobile-nav-trigger')));
    expect(onOpenNav).toHaveBeenCalledOnce();
  });
});
