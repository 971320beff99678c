import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { UploadDialog, UploadFileRow, type UploadDialogProps } from './UploadDialog';

function props(overrides: Partial<UploadDialogProps> = {}): UploadDialogProps {
  return {
    open: true,
    form: { showName: '', audioLanguage: 'zh-CN', translationLanguage: null, speaker: false, maxSpeakers: 2, folderId: '1' },
    transcribeLanguages: [
      { code: 'zh-CN', name: '中文' },
      { code: 'en-US', name: 'English' },
    ],
    translationLanguages: [{ code: 'es-ES', name: 'Español' }],
    nameError: false,
    canConfirm: false,
    submitting: false,
    closing: false,
    restoreMode: false,
    fileRows: null,
    removal: null,
    onClose: vi.fn(),
    onFilesChosen: vi.fn(),
    onFormChange: vi.fn(),
    folderOptions: [
      { id: '1', name: 'Default folder', depth: 0 },
      { id: 'f2', name: 'Clients', depth: 0 },
      { id: 'f3', name: 'ACME', depth: 1 },
    ],
    onFolderChoose: vi.fn(),
    onSubmit: vi.fn(),
    onConfirmRemoval: vi.fn(),
    onCancelRemoval: vi.fn(),
    ...overrides,
  };
}

describe('UploadDialog', () => {
  it('keeps confirm disabled until allowed and only accepts the spec formats', async () => {
    await renderUi(<UploadDialog {...props()} />);
    expect((screen.getByTestId('upload-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('upload-file-input').getAttribute('accept')).toBe('.mp3,.mp4,.wav,.wmv,.avi,.ogg,.flv');
    expect(screen.getByTestId('upload-folder').textContent).toContain('Default folder');
  });

  it('lists languages this server cannot serve disabled, with the setting that enables them', async () => {
    await renderUi(
      <UploadDialog
        {...props({
          form: { showName: '', audioLanguage: 'en-US', translationLanguage: null, speaker: false, maxSpeakers: 2, folderId: '1' },
          transcribeLanguages: [
            { code: 'zh-CN', name: '中文', available: false, setting: 'ASR_URL', unavailableReason: 'no speech recognition engine for zh-CN; set ASR_URL' },
            { code: 'en-US', name: 'English', available: true },
          ],
          translationLanguages: [
            { code: 'es-ES', name: 'Español', available: true, sources: ['en-US'] },
            { code: 'fr-FR', name: 'Français', available: true, sources: ['es-ES'] },
          ],
        })}
      />,
    );
    const audio = screen.getByTestId('upload-audio-language') as HTMLSelectElement;
    const zh = [...audio.options].find((option) => option.value === 'zh-CN')!;
    expect(zh.disabled).toBe(true);
    expect(zh.textContent).toBe('中文 — not available on this server — set ASR_URL');
    expect(zh.title).toBe('no speech recognition engine for zh-CN; set ASR_URL');
    expect([...audio.options].find((option) => option.value === 'en-US')!.disabled).toBe(false);
    // A target served only from another language is unavailable from the chosen one.
    const targets = [...(screen.getByTestId('upload-translation-language') as HTMLSelectElement).options];
    expect(targets.map((option) => [option.value, option.disabled])).toEqual([['', false], ['es-ES', false], ['fr-FR', true]]);
    expect(targets[2]!.textContent).toBe('Français — not available on this server — set TRANSLATE_URL');
  });

  it('names the engine serving each language before anyone picks, and for a target the engine from the chosen language', async () => {
    const vosk = { id: 'vosk-stream', name: 'Vosk', remote: true };
    const pocketsphinx = { id: 'pocketsphinx', name: 'pocketsphinx', remote: false };
    await renderUi(
      <UploadDialog
        {...props({
          form: { showName: '', audioLanguage: 'en-US', translationLanguage: null, speaker: false, maxSpeakers: 2, folderId: '1' },
          transcribeLanguages: [
            { code: 'zh-CN', name: 'Chinese (Simplified)', available: true, engine: vosk },
            { code: 'en-US', name: 'English', available: true, engine: pocketsphinx },
            { code: 'ja-JP', name: 'Japanese', available: false, setting: 'ASR_URL', unavailableReason: 'no speech recognition engine for ja-JP; set ASR_URL' },
          ],
          translationLanguages: [
            {
              code: 'es-ES',
              name: 'Spanish',
              available: true,
              sources: ['en-US', 'zh-CN'],
              sourceEngines: { 'en-US': { id: 'apertium', name: 'Apertium', remote: false }, 'zh-CN': { id: 'libretranslate', name: 'LibreTranslate', remote: true } },
            },
          ],
        })}
      />,
    );
    const audio = [...(screen.getByTestId('upload-audio-language') as HTMLSelectElement).options].map((option) => [option.textContent, option.disabled]);
    expect(audio).toEqual([
      ['Chinese (Simplified) · Vosk server', false],
      ['English · pocketsphinx (embedded)', false],
      ['Japanese — not available on this server — set ASR_URL', true],
    ]);
    const spanish = (screen.getByTestId('upload-translation-language') as HTMLSelectElement).querySelector('option[value="es-ES"]')!;
    expect(spanish.textContent).toBe('Spanish · Apertium (embedded)');
  });

  it("offers the user's folders in the folder field and reports the choice", async () => {
    const p = props({ form: { showName: '', audioLanguage: 'zh-CN', translationLanguage: null, speaker: false, maxSpeakers: 2, folderId: 'f2' } });
    await renderUi(<UploadDialog {...p} />);
    const select = screen.getByTestId('upload-folder') as HTMLSelectElement;
    expect(select.value).toBe('f2');
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual(['Default folder', 'Clients', '\u00a0\u00a0ACME']);
    fireEvent.change(select, { target: { value: 'f3' } });
    expect(p.onFolderChoose).toHaveBeenCalledWith({ id: 'f3', name: 'ACME' });
  });

  it('hands chosen and dropped files to the caller', async () => {
    const p = props();
    await renderUi(<UploadDialog {...p} />);
    const file = new File(['x'], 'talk.wav', { type: 'audio/wav' });
    await act(async () => fireEvent.change(screen.getByTestId('upload-file-input'), { target: { files: [file] } }));
    await act(async () => fireEvent.drop(screen.getByTestId('upload-drop-zone'), { dataTransfer: { files: [file, file] } }));
    expect(p.onFilesChosen).toHaveBeenNthCalledWith(1, [file]);
    expect(p.onFilesChosen).toHaveBeenNthCalledWith(2, [file, file]);
  });

  it('shows the speaker count only when speaker recognition is on, with 2..35', async () => {
    await renderUi(<UploadDialog {...props()} />);
    expect(screen.queryByTestId('upload-max-speakers')).toBeNull();
    await renderUi(<UploadDialog {...props({ form: { ...props().form, speaker: true } })} />);
    const options = [...(screen.getByTestId('upload-max-speakers') as HTMLSelectElement).options].map((o) => Number(o.value));
    expect(options[0]).toBe(2);
    expect(options.at(-1)).toBe(35);
    expect(options).toHaveLength(34);
  });

  it("says 'Please enter the name' and sends form edits and submit", async () => {
    const p = props({ nameError: true, canConfirm: true });
    await renderUi(<UploadDialog {...p} />);
    expect(screen.getByText('Please enter the name')).toBeTruthy();
    await act(async () => fireEvent.change(screen.getByTestId('upload-name'), { target: { value: 'Sync' } }));
    await act(async () => fireEvent.change(screen.getByTestId('upload-translation-language'), { target: { value: 'es-ES' } }));
    await act(async () => fireEvent.click(screen.getByTestId('upload-confirm')));
    expect(p.onFormChange).toHaveBeenCalledWith({ showName: 'Sync' });
    expect(p.onFormChange).toHaveBeenCalledWith({ translationLanguage: 'es-ES' });
    expect(p.onSubmit).toHaveBeenCalled();
  });

  it('asks before removing a file', async () => {
    const p = props({ removal: { name: 'talk.wav', uploaded: true } });
    await renderUi(<UploadDialog {...p} />);
    expect(screen.getByTestId('upload-remove-confirm').textContent).toContain('talk.wav is already uploaded and will be deleted.');
    await act(async () => fireEvent.click(screen.getByTestId('upload-remove-yes')));
    expect(p.onConfirmRemoval).toHaveBeenCalled();
  });
});

describe('UploadFileRow', () => {
  it('shows progress and the state of the file', async () => {
    await renderUi(<UploadFileRow name="talk.wav" sizeBytes={3 * 1024 * 1024} status="uploading" percent={42.5} onRemove={vi.fn()} />);
    expect(screen.getByTestId('upload-file-row').textContent).toContain('Uploading 42.5%');
    expect(screen.getByTestId('upload-file-row').getAttribute('data-status')).toBe('uploading');
    expect(screen.getByTestId('upload-file-row').textContent).toContain('3.00 MB');
  });
});
