import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import type { EditorCommand, LineView } from './dub-editor-view';
import { DubEditorScreen, type DubEditorScreenProps } from './DubEditorScreen';
import { LINE_ROW_HEIGHT, LINE_ROW_HEIGHT_NARROW } from './LineList';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  if (!('ResizeObserver' in globalThis)) vi.stubGlobal('ResizeObserver', NoResizeObserver);
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

const manyLines = (count: number): LineView[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `L${index}`,
    startMs: index * 2000,
    endMs: index * 2000 + 1800,
    text: `original ${index}`,
    translation: `translation ${index}`,
    speakerId: index % 2 ? 'S2' : 'S1',
    overrunMs: index % 100 === 7 ? 420 : 0,
  }));

const zooms: string[] = [];

function setup(overrides: Partial<DubEditorScreenProps> = {}) {
  const sent: EditorCommand[] = [];
  zooms.length = 0;
  const props: DubEditorScreenProps = {
    name: 'Keynote',
    onRename: vi.fn(),
    languages: [{ code: 'en-US', name: 'English' }],
    language: 'en-US',
    onLanguage: vi.fn(),
    durationMs: 4 * 3_600_000,
    lines: manyLines(5000),
    speakers: [
      { id: 'S1', name: 'Ana' },
      { id: 'S2', name: 'Ben' },
    ],
    selectedLineId: null,
    saveState: 'saved',
    canUndo: true,
    canRedo: false,
    refusal: null,
    mergeQuestion: null,
    send: (command) => sent.push(command),
    sourceUrl: '/prod-api/speech/video/transcribe/media?id=t1&kind=source',
    dubbedUrl: null,
    preview: { phase: 'idle', lineId: null, audio: null, startMs: 0, errorKey: null, errorMessage: null },
    onPreview: vi.fn(),
    onStopPreview: vi.fn(),
    onPreviewEnded: vi.fn(),
    renderTimeline: (slot) => {
      slot.handleRef.current = { zoomIn: () => zooms.push('in'), zoomOut: () => zooms.push('out'), fit: () => zooms.push('fit') };
      return <div data-testid="timeline-probe" data-zoom={slot.zoom} data-lines={slot.lines.length} />;
    },
    ...overrides,
  };
  return { props, sent };
}

// 5,000-line renders in jsdom took 4.1–4.5 s in a clean-clone run, near vitest's 5 s default.
describe('DubEditorScreen', { timeout: 20_000 }, () => {
  it('draws 5,000 lines with only a screenful of rows in the DOM', async () => {
    const { props } = setup();
    const { container } = await renderUi(<DubEditorScreen {...props} />);
    const rows = container.querySelectorAll('[data-testid^="line-L"][role="row"]');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(container.querySelectorAll('*').length).toBeLessThan(1500);
    expect(screen.getByTestId('line-count').textContent).toBe('5000 of 5000 lines');
    expect(screen.getByTestId('timeline-probe').getAttribute('data-lines')).toBe('5000');
  });

  it('stacks each row for a phone: the rows get the taller phone height from the first render', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width: 768px'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
    );
    try {
      const { props } = setup({ lines: manyLines(40) });
      const { container } = await renderUi(<DubEditorScreen {...props} />);
      const rowGroup = container.querySelector('[role="rowgroup"]') as HTMLElement;
      expect(rowGroup.style.height).toBe(`${40 * LINE_ROW_HEIGHT_NARROW}px`);
      const second = screen.getByTestId('line-L1').parentElement as HTMLElement;
      expect(second.style.height).toBe(`${LINE_ROW_HEIGHT_NARROW}px`);
      expect(second.style.transform).toBe(`translateY(${LINE_ROW_HEIGHT_NARROW}px)`);
    } finally {
      phone.mockRestore();
    }
  });

  it('gives desktop rows the one-line height', async () => {
    const { props } = setup({ lines: manyLines(40) });
    const { container } = await renderUi(<DubEditorScreen {...props} />);
    expect((container.querySelector('[role="rowgroup"]') as HTMLElement).style.height).toBe(`${40 * LINE_ROW_HEIGHT}px`);
  });

  it('sends a typed retime, a text edit and a speaker change', async () => {
    const { props, sent } = setup();
    await renderUi(<DubEditorScreen {...props} />);
    const start = screen.getByTestId('line-start-L1') as HTMLInputElement;
    expect(start.value).toBe('00:00:02,000');
    fireEvent.focus(start);
    fireEvent.change(start, { target: { value: '00:00:02,250' } });
    fireEvent.blur(start);
    const text = screen.getByTestId('line-text-L1');
    fireEvent.change(text, { target: { value: 'new words' } });
    fireEvent.blur(text);
    fireEvent.change(screen.getByTestId('line-speaker-L1'), { target: { value: 'S1' } });
    expect(sent).toEqual(
      expect.arrayContaining([
        { type: 'select', lineId: 'L1' },
        { type: 'retime.typed', lineId: 'L1', field: 'start', value: '00:00:02,250' },
        { type: 'edit.text', lineId: 'L1', text: 'new words' },
        { type: 'speaker.change', lineId: 'L1', speakerId: 'S1' },
      ]),
    );
  });

  it('filters to overrun lines and colours their budget red', async () => {
    const { props } = setup();
    await renderUi(<DubEditorScreen {...props} />);
    expect(screen.getByTestId('budget-L0').getAttribute('data-tone')).toBe('fits');
    fireEvent.click(screen.getByTestId('filter-overrun'));
    expect(screen.getByTestId('line-count').textContent).toBe('50 of 5000 lines');
    expect(screen.getByTestId('budget-L7').getAttribute('data-tone')).toBe('over');
    expect(screen.getByTestId('budget-L7').getAttribute('aria-label')).toContain('420 ms');
  });

  it('runs shortcuts outside text fields only, and opens the help in the interface language', async () => {
    const { props, sent } = setup({ selectedLineId: 'L3' });
    await renderUi(<DubEditorScreen {...props} />);
    fireEvent.keyDown(window, { key: 'm' });
    fireEvent.keyDown(window, { key: 'Delete' });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'i' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(sent).toEqual([
      { type: 'merge', lineId: 'L3' },
      { type: 'delete', lineId: 'L3' },
      { type: 'undo' },
      { type: 'insert', afterLineId: 'L3' },
      { type: 'select', lineId: 'L4' },
    ]);
    sent.length = 0;
    fireEvent.keyDown(screen.getByTestId('line-text-L3'), { key: 'm' });
    fireEvent.keyDown(screen.getByTestId('line-text-L3'), { key: 'z', ctrlKey: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(window, { key: '?', shiftKey: true });
    const help = await screen.findByTestId('shortcut-help');
    expect(within(help).getByTestId('shortcut-row-split').textContent).toContain('Split');
    expect(within(help).getByTestId('shortcut-row-undo').textContent).toContain('Ctrl + Z');
  });

  it('splits at the caret of the original text, else at the playhead or the middle of the line', async () => {
    const { props, sent } = setup({ selectedLineId: 'L2' });
    await renderUi(<DubEditorScreen {...props} />);
    fireEvent.keyDown(window, { key: 's' });
    expect(sent.at(-1)).toEqual({ type: 'split', lineId: 'L2', atMs: 4900 });
    const text = screen.getByTestId('line-text-L2') as HTMLTextAreaElement;
    text.setSelectionRange(4, 4);
    fireEvent.select(text);
    fireEvent.keyDown(window, { key: 's' });
    expect(sent.at(-1)).toEqual({ type: 'split', lineId: 'L2', caret: 4 });
  });

  it('zooms the timeline with the shortcut keys and the header buttons, from the whole video (0)', async () => {
    const { props } = setup();
    await renderUi(<DubEditorScreen {...props} />);
    expect(screen.getByTestId('timeline-probe').getAttribute('data-zoom')).toBe('0');
    fireEvent.keyDown(window, { key: '=' });
    fireEvent.keyDown(window, { key: '+', shiftKey: true });
    fireEvent.keyDown(window, { key: '-' });
    fireEvent.click(screen.getByTestId('tool-zoomIn'));
    expect(zooms).toEqual(['in', 'in', 'out', 'in']);
  });

  it('keeps undo clickable with an empty history, so the click is answered with "nothing undoable"', async () => {
    const { props, sent } = setup({ canUndo: false });
    await renderUi(<DubEditorScreen {...props} />);
    const undo = screen.getByTestId('tool-undo') as HTMLButtonElement;
    expect([undo.disabled, undo.getAttribute('data-empty')]).toEqual([false, 'true']);
    fireEvent.click(undo);
    expect(sent).toEqual([{ type: 'undo' }]);
  });

  it('shows the save state with retry, a translated refusal, and asks which speaker keeps a merge', async () => {
    const { props, sent } = setup({ saveState: 'failed', saveFailure: 'Storage unavailable', refusal: 'nothingUndoable', mergeQuestion: { lineId: 'L0', speakerIds: ['S1', 'S2'] } });
    await renderUi(<DubEditorScreen {...props} />);
    expect(screen.getByTestId('save-state').textContent).toContain('Not saved');
    expect(screen.getByTestId('save-failure').textContent).toBe('Storage unavailable');
    expect(screen.getByTestId('editor-refusal').textContent).toContain('Nothing undoable');
    fireEvent.click(screen.getByTestId('save-retry'));
    const question = await screen.findByTestId('merge-question');
    fireEvent.click(within(question).getByTestId('merge-keep-S2'));
    expect(sent).toEqual([{ type: 'save.retry' }, { type: 'merge.keepSpeaker', speakerId: 'S2' }]);
  });

  it('will not rename a speaker to nothing, nor the record to an empty name', async () => {
    const { props, sent } = setup();
    await renderUi(<DubEditorScreen {...props} />);
    fireEvent.click(screen.getByTestId('line-rename-speaker-L0'));
    const input = await screen.findByTestId('speaker-rename-input');
    fireEvent.change(input, { target: { value: '   ' } });
    expect((screen.getByTestId('speaker-rename-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('speaker-name-required').textContent).toBe('The speaker name cannot be empty.');
    fireEvent.change(input, { target: { value: 'Anna' } });
    fireEvent.click(screen.getByTestId('speaker-rename-save'));
    expect(sent.filter((command) => command.type !== 'select')).toEqual([{ type: 'speaker.rename', speakerId: 'S1', name: 'Anna' }]);

    const name = screen.getByTestId('record-name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.input(name, { target: { value: '' } });
    fireEvent.blur(name);
    expect(screen.getByTestId('record-name-required')).toBeTruthy();
    expect(props.onRename).not.toHaveBeenCalled();
  });

  it('asks for a line preview and shows a failed one', async () => {
    const { props } = setup({ preview: { phase: 'failed', lineId: 'L0', audio: null, startMs: 0, errorKey: 'dubEditor:previewFailed', errorMessage: null } });
    await renderUi(<DubEditorScreen {...props} />);
    fireEvent.click(screen.getByTestId('line-preview-L1'));
    expect(props.onPreview).toHaveBeenCalledWith('L1');
    expect(screen.getByTestId('preview-failed').textContent).toContain('could not be voiced');
  });

  it("a loading preview shows a spinner over its label and waits; a playing one offers to stop", async () => {
    const { props } = setup({ preview: { phase: 'loading', lineId: 'L0', audio: null, startMs: 0, errorKey: null, errorMessage: null } });
    const view = await renderUi(<DubEditorScreen {...props} />);
    const loading = screen.getByTestId('line-preview-L0') as HTMLButtonElement;
    expect([loading.disabled, loading.hasAttribute('data-loading'), loading.querySelector('.dub-line-spinner') !== null]).toEqual([true, true, true]);
    expect((screen.getByTestId('line-preview-L1') as HTMLButtonElement).disabled).toBe(false);
    view.unmount();
    await renderUi(<DubEditorScreen {...props} preview={{ ...props.preview, phase: 'playing' }} />);
    const playing = screen.getByTestId('line-preview-L0') as HTMLButtonElement;
    expect([playing.disabled, playing.querySelector('.dub-line-spinner'), playing.textContent]).toEqual([false, null, 'Stop']);
    fireEvent.click(playing);
    expect(props.onStopPreview).toHaveBeenCalled();
  });
});
