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

  it('says nothing of screens when none is connected', async () => {
    await renderUi(<ParticipantList participants={[lucia]} />);
    expect(screen.queryByTestId('screens-connected')).toBeNull();
  });
});
