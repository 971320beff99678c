// Live speaker turns on screen (issue 26 §6): each turn is headed by its speaker ("Speaker N" until
// the host names it), and the host's speakers panel opens a rename form per speaker.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveSubtitleLine, SubtitleLook } from '../../shared/contract/meeting';
import { renderUi } from '../test-render';
import { SpeakerNames } from './SpeakerNames';
import { SubtitleList } from './SubtitleList';

const look: SubtitleLook = { fontSize: 24, color: '#fff', backgroundColor: '#000', display: 'original' };
const line = (segmentId: string, speakerIndex: number | null, speaker: string | null = null): LiveSubtitleLine => ({
  segmentId,
  startMs: 0,
  endMs: 900,
  text: `line ${segmentId}`,
  translations: {},
  translationErrors: {},
  final: true,
  speakerIndex,
  speaker,
});

describe('speaker turns on screen', () => {
  it('heads each turn with its speaker, the default name translated, the host’s name when given', async () => {
    const finals = [line('a', 1), line('b', 1), line('c', 2, 'Grace'), line('d', 1)];
    await renderUi(<SubtitleList finals={finals} partials={[]} translationLanguages={[]} style={look} emptyText="" />);
    expect(screen.getAllByTestId('subtitle-speaker').map((n) => n.textContent)).toEqual(['Speaker 1', 'Grace', 'Speaker 1']);
  });

  it('shows no speaker for lines without one', async () => {
    await renderUi(<SubtitleList finals={[line('a', null)]} partials={[]} translationLanguages={[]} style={look} emptyText="" />);
    expect(screen.queryAllByTestId('subtitle-speaker')).toEqual([]);
  });

  it('lists the speakers heard for the host and opens a rename form with the current name', async () => {
    await renderUi(<SpeakerNames meetingId="m1" finals={[line('a', 1), line('b', 2, 'Grace')]} />);
    expect(screen.getAllByTestId('speaker-name').map((n) => n.textContent)).toEqual(['Speaker 1', 'Grace']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rename Grace' })));
    expect((screen.getByTestId('speaker-name-input') as HTMLInputElement).value).toBe('Grace');
    await act(async () => fireEvent.change(screen.getByTestId('speaker-name-input'), { target: { value: '  ' } }));
    expect((screen.getByTestId('speaker-name-save') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.getAllByTestId('speaker-name')).toHaveLength(2);
  });

  it('shows nothing before anyone spoke', async () => {
    const { container } = await renderUi(<SpeakerNames meetingId="m1" finals={[]} />);
    expect(container.querySelector('[data-testid="speaker-names"]')).toBeNull();
  });
});
