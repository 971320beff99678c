import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { clockText, VoiceoverPanel, type VoiceoverPanelProps } from './VoiceoverPanel';

function props(overrides: Partial<VoiceoverPanelProps> = {}): VoiceoverPanelProps {
  return {
    phase: 'ready',
    checklist: {
      revoiceLines: 3,
      totalLines: 12,
      earlierDubbings: 2,
      costSeconds: 301,
      speakers: [
        { id: 's1', name: 'Ana', voice: 'es+f2' },
        { id: 's2', name: 'Luis', voice: null },
      ],
      voices: [{ code: 'es+f2', name: 'Spanish (female)' }],
    },
    balanceSeconds: null,
    progress: null,
    step: null,
    canStart: true,
    previewUrl: null,
    onStart: vi.fn(),
    onRetry: vi.fn(),
    onDownload: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

describe('VoiceoverPanel', () => {
  it('lists what will be re-voiced, the half-price re-dub cost and each speaker with its voice', async () => {
    const onStart = vi.fn();
    await renderUi(<VoiceoverPanel {...props({ onStart })} />);
    expect(screen.getByTestId('voiceover-lines').textContent).toBe('3 of 12 lines changed and will be re-voiced');
    expect(screen.getByTestId('voiceover-cost').textContent).toContain('5:01');
    expect(screen.getByTestId('voiceover-speakers').textContent).toContain('Ana — Spanish (female)');
    expect(screen.getByTestId('voiceover-speakers').textContent).toContain('Luis — voice not chosen yet');
    fireEvent.click(screen.getByTestId('voiceover-start'));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('says the first re-dub is free', async () => {
    await renderUi(<VoiceoverPanel {...props({ checklist: { ...props().checklist!, earlierDubbings: 1, costSeconds: 0 } })} />);
    expect(screen.getByTestId('voiceover-cost').textContent).toBe('Free: the first re-dub costs nothing');
  });

  it('shows the progress while composing, with the start button busy', async () => {
    await renderUi(<VoiceoverPanel {...props({ phase: 'composing', progress: 40, step: 'dub' })} />);
    expect(screen.getByTestId('voiceover-progress').textContent).toContain('Voicing lines · 40%');
    expect(screen.getByTestId('voiceover-start').hasAttribute('disabled') || screen.getByTestId('voiceover-start').getAttribute('data-loading') !== null).toBe(true);
  });

  it('previews the composed video and offers its download', async () => {
    const onDownload = vi.fn();
    await renderUi(<VoiceoverPanel {...props({ previewUrl: '/prod-api/v.mp4', onDownload, canStart: false })} />);
    expect(screen.getByTestId('voiceover-video').getAttribute('src')).toBe('/prod-api/v.mp4');
    fireEvent.click(screen.getByTestId('voiceover-download'));
    expect(onDownload).toHaveBeenCalledOnce();
    expect(screen.getByTestId('voiceover-start').hasAttribute('disabled')).toBe(true);
  });

  it('writes clock times', () => {
    expect([clockText(65), clockText(3725), clockText(0)]).toEqual(['1:05', '1:02:05', '0:00']);
  });
});
