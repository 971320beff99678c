import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLocale } from '../../i18n/index';
import { renderUi } from '../test-render';
import { system } from '../theme-more-recipes';
import { NewTakeControl, type NewTakeControlProps } from './NewTakeControl';

const inApp = (overrides: Partial<NewTakeControlProps>) => (
  <ChakraProvider value={system}>
    <NewTakeControl {...props(overrides)} />
  </ChakraProvider>
);

function props(overrides: Partial<NewTakeControlProps> = {}): NewTakeControlProps {
  return { selectedNumber: 4, phase: 'idle', takeNumber: null, failure: null, voiceLeftDb: null, onNewTake: vi.fn(), ...overrides };
}

describe('NewTakeControl', () => {
  // Every namespace once, before the first render (slow on a loaded machine).
  beforeAll(() => loadLocale('en-US'), 60_000);

  it('names the selected line, asks for its new take, and is disabled with no line selected', async () => {
    const onNewTake = vi.fn();
    const { rerender } = await renderUi(<NewTakeControl {...props({ onNewTake })} />);
    const button = screen.getByTestId('new-take') as HTMLButtonElement;
    expect(button.textContent).toBe('New take of line 4');
    fireEvent.click(button);
    expect(onNewTake).toHaveBeenCalledTimes(1);
    rerender(inApp({ selectedNumber: null, onNewTake }));
    expect((screen.getByTestId('new-take') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('new-take').textContent).toBe('New take');
  });

  it('says the take was queued, or why it was refused', async () => {
    const { rerender } = await renderUi(<NewTakeControl {...props({ phase: 'started', takeNumber: 4 })} />);
    expect(screen.getByTestId('new-take-status').textContent).toBe('Line 4 is being voiced again; the dubbed video updates when the re-dub is done.');
    rerender(inApp({ phase: 'failed', failure: 'Your dubbing pack has run out' }));
    expect(screen.getByRole('alert').textContent).toBe('Your dubbing pack has run out');
  });

  it('shows how far below the dub the original voice is, only once there is a dub', async () => {
    const { rerender } = await renderUi(<NewTakeControl {...props()} />);
    expect(screen.queryByTestId('voice-left')).toBeNull();
    rerender(inApp({ voiceLeftDb: 38.4 }));
    expect(screen.getByTestId('voice-left').textContent).toBe('Original voice 38 dB below the dub');
  });
});
