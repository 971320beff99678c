import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QR_IMAGE_SIZE_PX } from '../../shared/contract/limits';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderUi } from '../test-render';
import { system } from '../theme-more-recipes';
import { MyQrCodeDialog, type MyQrCodeDialogProps } from './MyQrCodeDialog';

const inChakra = (element: ReactElement) => <ChakraProvider value={system}>{element}</ChakraProvider>;

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

function props(overrides: Partial<MyQrCodeDialogProps> = {}): MyQrCodeDialogProps {
  return {
    open: true,
    qrDataUrl: IMAGE,
    shareEnabled: false,
    switchBusy: false,
    loadFailed: false,
    copying: false,
    onClose: vi.fn(),
    onShareChange: vi.fn(),
    onCopyImage: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
}

describe('MyQrCodeDialog', () => {
  it('shows the 126 px code, reports the switch and the copy as events', async () => {
    const p = props();
    await renderUi(<MyQrCodeDialog {...p} />);
    const image = (await screen.findByTestId('my-qr-image')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(IMAGE);
    expect(getComputedStyle(image).width).toBe(`${QR_IMAGE_SIZE_PX}px`);
    expect(screen.getByText('Sharing is off: the code opens nothing until you turn it on.')).toBeTruthy();
    const switchInput = screen.getByTestId('my-qr-share-switch').querySelector('input') as HTMLInputElement;
    await act(async () => fireEvent.click(switchInput));
    expect(p.onShareChange).toHaveBeenCalledWith(true);
    await act(async () => fireEvent.click(screen.getByTestId('my-qr-copy')));
    expect(p.onCopyImage).toHaveBeenCalledTimes(1);
  });

  it('holds the switch while busy, and offers a retry when the status could not be read', async () => {
    const busy = props({ switchBusy: true, shareEnabled: true });
    const view = await renderUi(<MyQrCodeDialog {...busy} />);
    const switchInput = (await screen.findByTestId('my-qr-share-switch')).querySelector('input') as HTMLInputElement;
    expect(switchInput.disabled).toBe(true);
    expect(switchInput.checked).toBe(true);

    const failed = props({ loadFailed: true });
    view.rerender(inChakra(<MyQrCodeDialog {...failed} />));
    expect(screen.queryByTestId('my-qr-share-switch')).toBeNull();
    expect(screen.getByTestId('my-qr-load-failed').textContent).toBe('The sharing status could not be loaded');
    await act(async () => fireEvent.click(screen.getByTestId('my-qr-retry')));
    expect(failed.onRetry).toHaveBeenCalledTimes(1);

    view.rerender(inChakra(<MyQrCodeDialog {...props({ qrDataUrl: null })} />));
    expect((screen.getByTestId('my-qr-copy') as HTMLButtonElement).disabled).toBe(true);
  });
});
