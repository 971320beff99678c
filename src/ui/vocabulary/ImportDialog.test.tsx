import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { renderUi } from '../test-render';
import { system } from '../theme-more-recipes';
import { ImportDialog, type ImportDialogProps } from './ImportDialog';

function props(overrides: Partial<ImportDialogProps> = {}): ImportDialogProps {
  return {
    open: true,
    kind: 'properWords',
    phase: 'choosing',
    rowCap: 150,
    fileName: null,
    preview: null,
    canConfirm: false,
    imported: 0,
    error: null,
    onFiles: vi.fn(),
    onConfirm: vi.fn(),
    onReset: vi.fn(),
    onTemplate: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

describe('ImportDialog', () => {
  it('hands the chosen file over and asks for the template', async () => {
    const p = props();
    await renderUi(<ImportDialog {...p} />);
    const file = new File(['PK'], 'words.xlsx');
    fireEvent.change(await screen.findByTestId('import-file-input'), { target: { files: [file] } });
    expect(p.onFiles).toHaveBeenCalledWith([file]);
    fireEvent.click(screen.getByTestId('import-template'));
    expect(p.onTemplate).toHaveBeenCalled();
    expect(screen.getByText(/at most 5 MB and 150 rows/)).toBeTruthy();
  });

  it('lists each problem row in words and offers no import while any remains', async () => {
    const p = props({
      phase: 'previewed',
      fileName: 'words.xlsx',
      preview: { total: 3, valid: 1, rows: [{ row: 3, source: 'x', problems: ['tooLong', 'duplicate'] }, { row: 4, source: '', problems: ['empty'] }] },
    });
    await renderUi(<ImportDialog {...p} />);
    const rows = await screen.findAllByTestId('import-problem-row');
    expect(rows.map((row) => row.textContent)).toEqual(['3xtoo long, duplicate', '4empty']);
    expect(screen.getByTestId('import-summary').textContent).toContain('1 of 3 rows can be imported.');
    expect((screen.getByTestId('import-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('confirms a clean preview and says how many entries came in', async () => {
    const p = props({ phase: 'previewed', preview: { total: 2, valid: 2, rows: [] }, canConfirm: true });
    const view = await renderUi(<ImportDialog {...p} />);
    fireEvent.click(await screen.findByTestId('import-confirm'));
    expect(p.onConfirm).toHaveBeenCalled();
    view.rerender(
      <ChakraProvider value={system}>
        <ImportDialog {...p} phase="done" imported={2} />
      </ChakraProvider>,
    );
    expect((await screen.findByTestId('import-done')).textContent).toBe('2 entries imported');
  });
});
