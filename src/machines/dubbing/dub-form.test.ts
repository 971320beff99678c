import { afterEach, describe, expect, it } from 'vitest';
import { DUB_FORM_STORAGE_KEY } from '../../shared/contract/dub-limits';
import { applyDubFormPatch, defaultDubForm, loadDubForm, saveDubForm, servedLanguagePatch } from './dub-form';

afterEach(() => localStorage.clear());

describe('dubFormData', () => {
  it('drops the opener’s new-folder name once another folder is picked, and keeps it otherwise', () => {
    const opened = { ...defaultDubForm(), folderId: 'f9', folderName: 'New talks' };
    expect(applyDubFormPatch(opened, { maxSpeakers: 3 }).folderName).toBe('New talks');
    expect(applyDubFormPatch(opened, { folderId: 'f9' }).folderName).toBe('New talks');
    const moved = applyDubFormPatch(opened, { folderId: '1' });
    expect([moved.folderId, 'folderName' in moved]).toEqual(['1', false]);
  });
  it('falls back to the defaults when the stored settings are unreadable', () => {
    localStorage.setItem(DUB_FORM_STORAGE_KEY, '{not json');
    expect(loadDubForm()).toEqual(defaultDubForm());
  });

  it('restores only the subtitle settings, held to their limits', () => {
    localStorage.setItem(
      DUB_FORM_STORAGE_KEY,
      JSON.stringify({ exportSubtitleInVideo: true, subtitleFontSize: 99, subtitlePrimaryColor: '#FFCC00', subtitleOutlineColor: 'blue', maxSpeakers: 3 }),
    );
    expect(loadDubForm()).toEqual({ ...defaultDubForm(), exportSubtitleInVideo: true, subtitleFontSize: 30, subtitlePrimaryColor: '#ffcc00' });
  });

  it('saves the subtitle settings and nothing else', () => {
    saveDubForm({ ...defaultDubForm(), maxSpeakers: 5, subtitleMaxCharCountPerSegment: 42 });
    expect(JSON.parse(localStorage.getItem(DUB_FORM_STORAGE_KEY)!)).toEqual({
      exportSubtitleInVideo: false,
      subtitleFontSize: 14,
      subtitleMaxCharCountPerSegment: 42,
      subtitlePrimaryColor: '#ffffff',
      subtitleOutlineColor: '#000000',
    });
  });

  it('moves the form off languages the server cannot dub, and leaves served ones alone', () => {
    const form = defaultDubForm();
    const items = [
      { code: 'zh-CN', available: false, unavailableReason: 'No recogniser; set ASR_URL' },
      { code: 'en-US', sources: ['es-ES'] },
      { code: 'es-ES' },
    ];
    expect(servedLanguagePatch(form, items)).toEqual({ audioLanguage: 'en-US', translationLanguage: 'es-ES' });
    expect(servedLanguagePatch(form, [{ code: 'zh-CN' }, { code: 'en-US' }])).toEqual({});
    expect(servedLanguagePatch({ ...form, translationLanguage: null }, [{ code: 'zh-CN' }])).toEqual({});
    expect(servedLanguagePatch(form, [])).toEqual({});
  });
});
