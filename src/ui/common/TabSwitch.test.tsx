import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-render';
import { TabSwitch } from './TabSwitch';

type Fruit = 'apple' | 'pear' | 'plum';

function Harness({ panelId }: { panelId?: string }) {
  const [value, setValue] = useState<Fruit>('pear');
  return (
    <>
      <TabSwitch<Fruit>
        value={value}
        onChange={setValue}
        label="Fruit"
        idPrefix="fruit"
        {...(panelId ? { panelId } : {})}
        options={[
          { value: 'apple', label: 'Apple', testId: 'tab-apple' },
          { value: 'pear', label: 'Pear', testId: 'tab-pear' },
          { value: 'plum', label: 'Plum', testId: 'tab-plum' },
        ]}
      />
      <output data-testid="chosen">{value}</output>
    </>
  );
}

const tab = (name: Fruit) => screen.getByTestId(`tab-${name}`);

describe('TabSwitch', () => {
  it('is a named tab list whose selected tab is the only one in the Tab order', async () => {
    await renderUi(<Harness panelId="fruit-panel" />);
    expect(screen.getByRole('tablist', { name: 'Fruit' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((element) => element.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect([tab('apple'), tab('pear'), tab('plum')].map((element) => element.tabIndex)).toEqual([-1, 0, -1]);
    // Only the selected tab points at the panel: an unrendered panel is never referenced.
    expect(tab('pear').getAttribute('aria-controls')).toBe('fruit-panel');
    expect(tab('apple').hasAttribute('aria-controls')).toBe(false);
  });

  it('has no aria-controls at all when there is no panel', async () => {
    await renderUi(<Harness />);
    expect(screen.getAllByRole('tab').some((element) => element.hasAttribute('aria-controls'))).toBe(false);
  });

  it('selects with a click and with arrows (wrapping), Home and End, moving focus along', async () => {
    await renderUi(<Harness />);
    fireEvent.click(tab('apple'));
    expect(screen.getByTestId('chosen').textContent).toBe('apple');
    fireEvent.keyDown(tab('apple'), { key: 'ArrowLeft' });
    expect(screen.getByTestId('chosen').textContent).toBe('plum');
    expect(document.activeElement).toBe(tab('plum'));
    fireEvent.keyDown(tab('plum'), { key: 'ArrowRight' });
    expect(screen.getByTestId('chosen').textContent).toBe('apple');
    fireEvent.keyDown(tab('apple'), { key: 'End' });
    expect(screen.getByTestId('chosen').textContent).toBe('plum');
    fireEvent.keyDown(tab('plum'), { key: 'Home' });
    expect(screen.getByTestId('chosen').textContent).toBe('apple');
    expect(document.activeElement).toBe(tab('apple'));
    fireEvent.keyDown(tab('apple'), { key: 'a' });
    expect(screen.getByTestId('chosen').textContent).toBe('apple');
  });
});
