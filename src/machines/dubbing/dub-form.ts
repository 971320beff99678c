// The dub form (features §3 'Dub form'): its defaults, the limits each field is held to, and the
// subtitle settings remembered in localStorage under dubFormData (restored when the dialog opens).
import {
  DUB_CHARS_PER_SEGMENT_DEFAULT,
  DUB_DEFAULT_AUDIO_LANGUAGE,
  DUB_DEFAULT_FOLDER_ID,
  DUB_DEFAULT_TRANSLATION_LANGUAGE,
  DUB_FONT_SIZE_DEFAULT,
  DUB_FONT_SIZE_MAX,
  DUB_FONT_SIZE_MIN,
  DUB_OUTLINE_COLOR_DEFAULT,
  DUB_PRIMARY_COLOR_DEFAULT,
  DUB_SPEAKERS_DEFAULT,
  DUB_SPEAKERS_MAX,
  DUB_SPEAKERS_MIN,
} from '../../shared/contract/dub-limits';
import { CHARS_PER_SEGMENT_MAX, readRememberedSubtitles, rememberSubtitles, type RememberedSubtitles } from './dub-subtitle-settings';
import { servedDefault, servedTarget, targetUnavailability, unavailabilityOf, type ServedLanguage } from '../../shared/contract/language-availability';

export { CHARS_PER_SEGMENT_MAX };

export interface DubFormValues {
  audioLanguage: string;
  /** null: cleared, no translation. */
  translationLanguage: string | null;
  maxSpeakers: number;
  maxSpeakersAuto: boolean;
  folderId: string;
  folderName?: string;
  exportSubtitleInVideo: boolean;
  subtitleFontSize: number;
  subtitleMaxCharCountPerSegment: number;
  subtitlePrimaryColor: string;
  subtitleOutlineColor: string;
}

export function defaultDubForm(): DubFormValues {
  return {
    audioLanguage: DUB_DEFAULT_AUDIO_LANGUAGE,
    translationLanguage: DUB_DEFAULT_TRANSLATION_LANGUAGE,
    maxSpeakers: DUB_SPEAKERS_DEFAULT,
    maxSpeakersAuto: false,
    folderId: DUB_DEFAULT_FOLDER_ID,
    exportSubtitleInVideo: false,
    subtitleFontSize: DUB_FONT_SIZE_DEFAULT,
    subtitleMaxCharCountPerSegment: DUB_CHARS_PER_SEGMENT_DEFAULT,
    subtitlePrimaryColor: DUB_PRIMARY_COLOR_DEFAULT,
    subtitleOutlineColor: DUB_OUTLINE_COLOR_DEFAULT,
  };
}

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.round(number)));
}

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const color = (value: unknown, fallback: string) => (typeof value === 'string' && HEX_COLOR.test(value) ? value.toLowerCase() : fallback);

/** Any patch, held to the form's limits (a bad value falls back to the current one). */
export function applyDubFormPatch(form: DubFormValues, patch: Partial<DubFormValues>): DubFormValues {
  const next = { ...form, ...patch };
  return {
    ...next,
    maxSpeakers: clampInt(next.maxSpeakers, DUB_SPEAKERS_MIN, DUB_SPEAKERS_MAX, form.maxSpeakers),
    subtitleFontSize: clampInt(next.subtitleFontSize, DUB_FONT_SIZE_MIN, DUB_FONT_SIZE_MAX, form.subtitleFontSize),
    subtitleMaxCharCountPerSegment: clampInt(next.subtitleMaxCharCountPerSegment, 1, CHARS_PER_SEGMENT_MAX, form.subtitleMaxCharCountPerSegment),
    subtitlePrimaryColor: color(next.subtitlePrimaryColor, form.subtitlePrimaryColor),
    subtitleOutlineColor: color(next.subtitleOutlineColor, form.subtitleOutlineColor),
  };
}

/** The subtitle settings remembered between dialogs. */
export type RememberedDubSettings = RememberedSubtitles;

export function loadDubForm(): DubFormValues {
  return applyDubFormPatch(defaultDubForm(), readRememberedSubtitles());
}

export function saveDubForm(form: DubFormValues): void {
  rememberSubtitles({
    exportSubtitleInVideo: form.exportSubtitleInVideo,
    subtitleFontSize: form.subtitleFontSize,
    subtitleMaxCharCountPerSegment: form.subtitleMaxCharCountPerSegment,
    subtitlePrimaryColor: form.subtitlePrimaryColor,
    subtitleOutlineColor: form.subtitleOutlineColor,
  });
}

/**
 * The change that moves the form off languages this server cannot dub (the defaults zh-CN → en-US
 * on a server without those engines): the first served one instead; nothing when all is served.
 */
export function servedLanguagePatch(form: DubFormValues, items: readonly ServedLanguage[]): Partial<DubFormValues> {
  if (items.length === 0) return {};
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const patch: Partial<DubFormValues> = {};
  const spoken = items.find((item) => same(item.code, form.audioLanguage));
  const audioLanguage = spoken && !unavailabilityOf(spoken) ? form.audioLanguage : servedDefault(items, form.audioLanguage);
  if (audioLanguage !== form.audioLanguage) patch.audioLanguage = audioLanguage;
  if (form.translationLanguage) {
    const target = items.find((item) => same(item.code, form.translationLanguage!));
    if (!target || targetUnavailability(target, [audioLanguage]) || same(target.code, audioLanguage)) {
      const served = servedTarget(items, form.translationLanguage, [audioLanguage]);
      if (served !== form.translationLanguage) patch.translationLanguage = served;
    }
  }
  return patch;
}
