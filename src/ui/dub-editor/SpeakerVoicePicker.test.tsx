import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLocale } from '../../i18n/index';
import { renderUi } from '../test-render';
import { SpeakerVoicePicker, type SpeakerVoicePickerProps } from './SpeakerVoicePicker';

function props(overrides: Partial<SpeakerVoicePickerProps> = {}): SpeakerVoicePickerProps {
  return {
    phase: 'ready',
    speakers: [
      { id: 's1', name: 'Ana', voice: 'es+f2' },
      { id: 's2', name: 'Luis', voice: 'es+m3' },
    ],
    voices: [
      { id: 'es+f2', name: 'Spanish female voice es+f2', available: true },
      { id: 'es+m3', name: 'Spanish male voice es+m3', available: true },
      { id: 'flite:slt', name: 'English female voice flite:slt', available: false, unavailableReason: 'Not installed on this server (flite)' },
    ],
    chosen: {},
    sampleVoice: null,
    sample: null,
    savingSpeakerId: null,
    onChoose: vi.fn(),
    onSample: vi.fn(),
    onStop: vi.fn(),
    onEnded: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
}

describe('SpeakerVoicePicker', () => {
  // Loading every namespace is the slow part on a busy machine; done once, outside the tests' time limit.
  beforeAll(() => loadLocale('en-US'), 60_000);

  it('lists the voices per speaker, unavailable ones disabled with the reason, and sends a choice', async () => {
    const onChoose = vi.fn();
    await renderUi(<SpeakerVoicePicker {...props({ onChoose })} />);
    const select = screen.getByLabelText('Voice of Ana') as HTMLSelectElement;
    expect(select.value).toBe('es+f2');
    const unavailable = within(select).getByRole('option', { name: 'English female voice flite:slt — unavailable: Not installed on this server (flite)' }) as HTMLOptionElement;
    expect(unavailable.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Voice of Luis'), { target: { value: 'es+f2' } });
    expect(onChoose).toHaveBeenCalledWith('s2', 'Luis', 'es+f2');
  });

  it('names the engine speaking each voice', async () => {
    const voices = [
      { id: 'zf_xiaobei', name: 'zf_xiaobei', available: true, servedBy: { name: 'speech API', remote: true } },
      { id: 'es+m3', name: 'Spanish male voice es+m3', available: true, servedBy: { name: 'eSpeak NG', remote: false } },
    ];
    await renderUi(<SpeakerVoicePicker {...props({ voices, speakers: [{ id: 's1', name: 'Ana', voice: 'zf_xiaobei' }] })} />);
    const select = screen.getByLabelText('Voice of Ana') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['zf_xiaobei · speech API server', 'Spanish male voice es+m3 · eSpeak NG (embedded)']);
  });

  it('shows a choice at once, plays the selected voice\'s sample and stops it', async () => {
    const onSample = vi.fn();
    const onStop = vi.fn();
    const first = await renderUi(<SpeakerVoicePicker {...props({ onSample, chosen: { s1: 'es+m3' } })} />);
    expect((screen.getByLabelText('Voice of Ana') as HTMLSelectElement).value).toBe('es+m3');
    fireEvent.click(screen.getAllByRole('button', { name: 'Play sample' })[0]!);
    expect(onSample).toHaveBeenCalledWith('es+m3');
    first.unmount();
    await renderUi(<SpeakerVoicePicker {...props({ onStop, phase: 'playing', sampleVoice: 'es+f2', sample: new Blob(['RIFF'], { type: 'audio/wav' }) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop sample' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('offers cloning a speaker\'s voice only when the server can clone, and sends which speaker', async () => {
    const onClone = vi.fn();
    const first = await renderUi(<SpeakerVoicePicker {...props({ onClone })} />);
    expect(screen.queryByRole('button', { name: "Clone Ana's voice" })).toBeNull();
    first.unmount();
    await renderUi(<SpeakerVoicePicker {...props({ onClone, cloning: true })} />);
    fireEvent.click(screen.getByRole('button', { name: "Clone Luis's voice" }));
    expect(onClone).toHaveBeenCalledWith('s2');
  });

  it('offers a retry when the voices could not be loaded', async () => {
    const onRetry = vi.fn();
    await renderUi(<SpeakerVoicePicker {...props({ phase: 'loadFailed', onRetry })} />);
    expect(screen.getByText('The voices could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
