import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { DubFileRow, type DubFileRowProps } from './DubFileRow';
import { DubUploadDialog, type DubUploadDialogProps } from './DubUploadDialog';

function props(overrides: Partial<DubUploadDialogProps> = {}): DubUploadDialogProps {
  return {
    open: true,
    form: {
      audioLanguage: 'zh-CN',
      translationLanguage: 'en-US',
      maxSpeakers: 10,
      maxSpeakersAuto: false,
      exportSubtitleInVideo: false,
      subtitleFontSize: 14,
      subtitleMaxCharCountPerSegment: 30,
      subtitlePrimaryColor: '#ffffff',
      subtitleOutlineColor: '#000000',
    },
    languages: [
      { code: 'zh-CN', name: '中文' },
      { code: 'en-US', name: 'English' },
    ],
    folderId: '1',
    folders: [
      { id: '1', name: null, depth: 0 },
      { id: 'f1', name: 'Talks', depth: 0 },
      { id: 'f2', name: '2025', depth: 1 },
    ],
    onFolderChange: vi.fn(),
    fileRows: null,
    canStart: false,
    submitting: false,
    closing: false,
    onClose: vi.fn(),
    onFilesChosen: vi.fn(),
    onFormChange: vi.fn(),
    onStart: vi.fn(),
    ...overrides,
  };
}

function rowProps(overrides: Partial<DubFileRowProps> = {}): DubFileRowProps {
  return {
    name: 'talk.mp4',
    sizeBytes: 10 * 1024 * 1024,
    durationSeconds: 75,
    status: 'uploading',
    percent: 99.9,
    srtName: null,
    srtEncoding: null,
    srtFileType: 1,
    attachingSrt: false,
    confirmingDelete: false,
    deleting: false,
    onRemove: vi.fn(),
    onConfirmRemove: vi.fn(),
    onCancelRemove: vi.fn(),
    onRetry: vi.fn(),
    onSrtChosen: vi.fn(),
    onSrtType: vi.fn(),
    onSrtRemove: vi.fn(),
    ...overrides,
  };
}

describe('DubUploadDialog', () => {
  it('accepts mp4 only, keeps start disabled until allowed, and the subtitle fields off until burn-in', async () => {
    await renderUi(<DubUploadDialog {...props()} />);
    expect(screen.getByTestId('dub-file-input').getAttribute('accept')).toBe('.mp4,video/mp4');
    expect((screen.getByTestId('dub-start') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('dub-font-size') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('dub-chars-per-segment') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('dub-max-speakers') as HTMLSelectElement).disabled).toBe(false);
    const target = screen.getByTestId('dub-translation-language') as HTMLSelectElement;
    expect([...target.options].map((option) => option.value)).toEqual(['', 'en-US']);
    // The file's first render pays the dialog's cold start (Chakra, i18n), ~5 s on a loaded machine.
  }, 15_000);

  it('offers the user’s folders, the default one translated and sub-folders indented, and reports the choice', async () => {
    const onFolderChange = vi.fn();
    await renderUi(<DubUploadDialog {...props({ onFolderChange })} />);
    const folder = screen.getByTestId('dub-folder') as HTMLSelectElement;
    expect(folder.value).toBe('1');
    expect([...folder.options].map((option) => [option.value, option.textContent])).toEqual([
      ['1', 'Default folder'],
      ['f1', 'Talks'],
      ['f2', '\u00a0\u00a02025'],
    ]);
    fireEvent.change(folder, { target: { value: 'f2' } });
    expect(onFolderChange).toHaveBeenCalledWith('f2');
  });

  it('enables the subtitle fields with burn-in, disables the speaker count when automatic, and starts', async () => {
    const onStart = vi.fn();
    const onFormChange = vi.fn();
    const form = { ...props().form, exportSubtitleInVideo: true, maxSpeakersAuto: true };
    await renderUi(<DubUploadDialog {...props({ form, canStart: true, onStart, onFormChange })} />);
    expect((screen.getByTestId('dub-font-size') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByTestId('dub-max-speakers') as HTMLSelectElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.change(screen.getByTestId('dub-translation-language'), { target: { value: '' } });
      fireEvent.click(screen.getByTestId('dub-start'));
    });
    expect(onFormChange).toHaveBeenCalledWith({ translationLanguage: null });
    expect(onStart).toHaveBeenCalledTimes(1);
  });
});

describe('DubFileRow', () => {
  it('shows 99.9% while the server has not registered the file, and SRT controls once uploaded', async () => {
    const { unmount } = await renderUi(<DubFileRow {...rowProps()} />);
    expect(screen.getByTestId('dub-file-row').textContent).toContain('99.9%');
    expect(screen.queryByTestId('dub-srt-attach')).toBeNull();
    unmount();
    const onSrtType = vi.fn();
    await renderUi(<DubFileRow {...rowProps({ status: 'uploaded', percent: 100, onSrtType })} />);
    await act(async () => {
      fireEvent.change(screen.getByTestId('dub-srt-type'), { target: { value: '3' } });
    });
    expect(onSrtType).toHaveBeenCalledWith(3);
  });

  it('shows the encoding the server detected beside the attached subtitle file', async () => {
    await renderUi(<DubFileRow {...rowProps({ status: 'uploaded', percent: 100, srtName: 'talk.srt', srtEncoding: 'UTF-16LE' })} />);
    expect(screen.getByTestId('dub-srt-name').textContent).toBe('talk.srt');
    expect(screen.getByTestId('dub-srt-encoding').textContent).toBe('Encoding: UTF-16LE');
  });

  it('lists languages this server cannot dub as disabled, with the reason, before anyone picks one', async () => {
    const reason = 'No voice for French; set TTS_URL';
    await renderUi(
      <DubUploadDialog
        {...props({
          languages: [
            { code: 'zh-CN', name: '中文' },
            { code: 'en-US', name: 'English' },
          ],
          targetLanguages: [
            { code: 'en-US', name: 'English' },
            { code: 'fr-FR', name: 'Français', unavailableReason: reason },
          ],
        })}
      />,
    );
    const french = (await screen.findByTestId('dub-translation-language')).querySelector('option[value="fr-FR"]') as HTMLOptionElement;
    expect(french.disabled).toBe(true);
    expect(french.textContent).toBe(`Français — ${reason}`);
    const english = screen.getByTestId('dub-translation-language').querySelector('option[value="en-US"]') as HTMLOptionElement;
    expect(english.disabled).toBe(false);
  });

  it('names the voice engine beside each language it can dub into', async () => {
    await renderUi(
      <DubUploadDialog
        {...props({
          languages: [{ code: 'en-US', name: 'English' }],
          targetLanguages: [
            { code: 'de-DE', name: 'German', engines: [{ name: 'speech API', remote: true }] },
            { code: 'es-ES', name: 'Spanish', engines: [{ name: 'eSpeak NG', remote: false }] },
            { code: 'fr-FR', name: 'French', unavailableReason: 'No voice for French; set TTS_URL' },
          ],
        })}
      />,
    );
    const options = [...(await screen.findByTestId('dub-translation-language')).querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(['German · speech API server', 'Spanish · eSpeak NG (embedded)', 'French — No voice for French; set TTS_URL']));
  });

  it('asks before deleting', async () => {
    const onConfirmRemove = vi.fn();
    await renderUi(<DubFileRow {...rowProps({ status: 'uploaded', confirmingDelete: true, onConfirmRemove })} />);
    expect(screen.getByTestId('dub-remove-confirm').textContent).toContain('talk.mp4');
    await act(async () => {
      fireEvent.click(screen.getByTestId('dub-remove-yes'));
    });
    expect(onConfirmRemove).toHaveBeenCalledTimes(1);
  });
});
