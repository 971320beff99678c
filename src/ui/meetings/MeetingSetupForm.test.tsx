// The setup page's plan wording fits the host's plan: "SVIP allows more" only when a higher plan does.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-render';
import { MeetingSetupForm, type MeetingSetupValues } from './MeetingSetupForm';

const CONFIG: MeetingSetupValues = {
  name: '',
  recognitionLanguages: ['en-US'],
  translationLanguages: ['zh-CN'],
  style: { fontSize: 24, color: '#ffffff', backgroundColor: '#000000', display: 'bilingual' },
  termsAccepted: false,
};

const noop = () => undefined;
const render = (allowed: { recognition: number; translation: number }, higherPlanAllowsMore: boolean) =>
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
});
