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

// Generous timeout: the first render loads every locale, slow on a shared 2-core machine.
describe('speaker turns on screen', { timeout: 30_000 }, () => {
  it('heads each turn with its speaker, the default name translated, the host’s name when given', async () => {
    const finals = [line('a', 1), line('b', 1), line('c', 2, 'Grace'), line('d', 1)];
    await renderUi(<SubtitleList finals={finals} partials={[]} translationLanguages={[]} style={look} emptyText="" />);
    expect(screen.getAllByTestId('subtitle-speaker').map((n) => n.textContent)).toEqual(['Speaker 1', 'Grace', 'Speaker 1']);
  });

  it('shows no speaker for lines without one', async () => {
    await renderUi(<SubtitleList finals={[line('a', null)]} partials={[]} translationLanguages={[]} style={look} emptyText="" />);
    expect(screen.queryAllByTestId('subtitle-speaker')).toEqual([]);
  });

  const speakers = [
    { index: 1, name: null },
    { index: 2, name: 'Grace' },
  ];
  const noop = () => undefined;

  it('lists the speakers heard for the host; Rename asks for that speaker with its current name', async () => {
    const edits: Array<[number, string]> = [];
    await renderUi(<SpeakerNames speakers={speakers} editing={null} onEdit={(i, n) => void edits.push([i, n])} onType={noop} onSave={noop} onCancel={noop} />);
    expect(screen.getAllByTestId('speaker-name').map((n) => n.textContent)).toEqual(['Speaker 1', 'Grace']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rename Speaker 1' })));
    expect(edits).toEqual([[1, 'Speaker 1']]);
  });

  it('edits one speaker: the draft, a blank draft not sendable, a failure said', async () => {
    const typed: string[] = [];
    const editing = { speakerIndex: 2, draft: '  ', failed: true, saving: false };
    await renderUi(<SpeakerNames speakers={speakers} editing={editing} onEdit={noop} onType={(n) => void typed.push(n)} onSave={noop} onCancel={noop} />);
    expect((screen.getByTestId('speaker-name-input') as HTMLInputElement).value).toBe('  ');
    expect((screen.getByTestId('speaker-name-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The speaker could not be renamed. Try again.')).toBeTruthy();
    await act(async () => fireEvent.change(screen.getByTestId('speaker-name-input'), { target: { value: 'Ada' } }));
    expect(typed).toEqual(['Ada']);
    expect(screen.getAllByTestId('speaker-name').map((n) => n.textContent)).toEqual(['Speaker 1']);
  });

  it('shows nothing before anyone spoke', async () => {
    const { container } = await renderUi(<SpeakerNames speakers={[]} editing={null} onEdit={noop} onType={noop} onSave={noop} onCancel={noop} />);
    expect(container.querySelector('[data-testid="speaker-names"]')).toBeNull();
  });
});
