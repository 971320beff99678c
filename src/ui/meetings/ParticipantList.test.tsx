// The host's joined list: projection screens are not participants; their number is shown apart.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-render';
import { ParticipantList } from './ParticipantList';

const lucia = { userId: 'p-1', userName: 'Lucía', translationLanguage: 'es-ES', joinTime: '2025-01-01T10:00:00Z', leaveTime: null };

describe('ParticipantList', () => {
  it('counts participants and shows connected screens apart', async () => {
    await renderUi(<ParticipantList participants={[lucia]} screens={2} />);
    expect(screen.getByTestId('participant-count').textContent).toBe('1 participant');
    expect(screen.getByTestId('screens-connected').textContent).toBe('2 screens connected');
    expect(screen.getAllByTestId('participant')).toHaveLength(1);
  });

  it('after the end counts everyone who joined and shows each leave time', async () => {
    const ann = { userId: 'p-2', userName: 'Ann', translationLanguage: 'en-US', joinTime: '2025-01-01T10:05:00Z', leaveTime: '2025-01-01T10:30:00Z' };
    await renderUi(<ParticipantList participants={[{ ...lucia, leaveTime: '2025-01-01T10:30:00Z' }, ann]} ended />);
    expect(screen.getByTestId('participant-count').textContent).toBe('2 participants joined');
    const rows = screen.getAllByTestId('participant').map((row) => row.textContent ?? '');
    expect(rows[0]).toMatch(/^1\. Lucía · .+ – .+$/);
    expect(rows[1]).toMatch(/^2\. Ann · .+ – .+$/);
  });

  it('says nothing of screens when none is connected', async () => {
    await renderUi(<ParticipantList participants={[lucia]} />);
    expect(screen.queryByTestId('screens-connected')).toBeNull();
  });
});
