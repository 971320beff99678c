// The setup page's plan wording fits the host's plan: "SVIP allows more" only when a higher plan does.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-render';
import { MeetingSetupForm, type MeetingSetupFormProps, type MeetingSetupValues } from './MeetingSetupForm';

const CONFIG: MeetingSetupValues = {
  name: '',
  recognitionLanguages: ['en-US'],
  translationLanguages: ['zh-CN'],
  style: { fontSize: 24, color: '#ffffff', backgroundColor: '#000000', display: 'bilingual' },
  termsAccepted: false,
};

const noop = () => undefined;
const render = (allowed: { recognition: number; translation: number }, higherPlanAllowsMore: boolean, more: Partial<MeetingSetupFormProps> = {}) =>
  renderUi(
    <MeetingSetupForm
      config={CONFIG}
      recognitionCodes={['en-US']}
      translationCodes={['zh-CN']}
      problems={[]}
      allowed={allowed}
      higherPlanAllowsMore={higherPlanAllowsMore}
      busy={false}
      error={null}
      onToggleRecognition={noop}
      onToggleTranslation={noop}
      onChange={noop}
      onStart={noop}
      {...more}
    />,
  );

describe('MeetingSetupForm plan wording', () => {
  it('tells an SVIP host (the product’s most) that the plan allows the most, not that SVIP allows more', async () => {
    await render({ recognition: 10, translation: 4 }, false);
    const text = screen.getByTestId('meeting-plan-allows').textContent ?? '';
    expect(text).toBe('Your plan allows the most languages per meeting: 10 spoken and 4 subtitle languages.');
    expect(text).not.toMatch(/SVIP/);
  });

  it('points a lower plan to SVIP', async () => {
    await render({ recognition: 2, translation: 2 }, true);
    expect(screen.getByTestId('meeting-plan-allows').textContent).toMatch(/SVIP allows more/);
  });

  it('names each language\'s engine on its chip and shows an unserved one unavailable with why, before anyone picks', async () => {
    await render({ recognition: 10, translation: 4 }, false, {
      recognitionCodes: ['zh-CN', 'en-US', 'ja-JP'],
      recognitionUnavailable: { 'ja-JP': { reason: 'no speech recognition engine for ja-JP; set ASR_URL', setting: 'ASR_URL' } },
      recognitionEngines: { 'zh-CN': [{ name: 'Vosk', remote: true }], 'en-US': [{ name: 'pocketsphinx', remote: false }] },
      translationEngines: { 'zh-CN': [{ name: 'chat model API', remote: true }] },
    });
    expect(screen.getByTestId('meeting-recognition-zh-CN-engine').textContent).toBe('Vosk server');
    expect(screen.getByTestId('meeting-recognition-en-US-engine').textContent).toBe('pocketsphinx (embedded)');
    // An unserved language waits behind one toggle that says how many there are; opened, each shows why.
    expect(screen.queryByTestId('meeting-recognition-ja-JP')).toBeNull();
    const more = screen.getByTestId('meeting-recognition-more-unavailable');
    expect(more.textContent).toBe('▸1 more language not available on this server');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const japanese = screen.getByTestId('meeting-recognition-ja-JP') as HTMLButtonElement;
    expect(japanese.disabled).toBe(true);
    expect(japanese.textContent).toContain('not available on this server — set ASR_URL');
    expect(screen.queryByTestId('meeting-recognition-ja-JP-engine')).toBeNull();
    expect(screen.getByTestId('meeting-translation-zh-CN-engine').textContent).toBe('chat model API server');
  });
});
