// The subtitle settings a user last chose for dubbing (features §3: remembered in localStorage under
// dubFormData). The AI dubbing dialog restores them on open and saves them on a successful start;
// the dub editor's voice-over composes with them. Numbers are held to the form's limits; anything
// else unreadable is left out.
import { DUB_FONT_SIZE_MAX, DUB_FONT_SIZE_MIN, DUB_FORM_STORAGE_KEY } from '../../shared/contract/dub-limits';
import { CHARS_PER_SEGMENT_MAX } from '../../shared/contract/dub-form';

export interface RememberedSubtitles {
  exportSubtitleInVideo: boolean;
  subtitleFontSize: number;
  subtitleMaxCharCountPerSegment: number;
  subtitlePrimaryColor: string;
  subtitleOutlineColor: string;
}

/** The dialog's upper bound on characters per subtitle segment (described with the dub form). */
export { CHARS_PER_SEGMENT_MAX };

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** A remembered number held to the form's range (as the dialog holds what is typed); undefined when not a number. */
function clamped(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.round(number))) : undefined;
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** What is remembered and valid (nothing when nothing is, or the storage cannot be read). */
export function readRememberedSubtitles(): Partial<RememberedSubtitles> {
  try {
    const raw = storage()?.getItem(DUB_FORM_STORAGE_KEY);
    if (!raw) return {};
    const saved = JSON.parse(raw) as Partial<Record<keyof RememberedSubtitles, unknown>> | null;
    if (typeof saved !== 'object' || saved === null) return {};
    const fontSize = clamped(saved.subtitleFontSize, DUB_FONT_SIZE_MIN, DUB_FONT_SIZE_MAX);
    const chars = clamped(saved.subtitleMaxCharCountPerSegment, 1, CHARS_PER_SEGMENT_MAX);
    return {
      ...(typeof saved.exportSubtitleInVideo === 'boolean' ? { exportSubtitleInVideo: saved.exportSubtitleInVideo } : {}),
      ...(fontSize !== undefined ? { subtitleFontSize: fontSize } : {}),
      ...(chars !== undefined ? { subtitleMaxCharCountPerSegment: chars } : {}),
      ...(typeof saved.subtitlePrimaryColor === 'string' && HEX_COLOR.test(saved.subtitlePrimaryColor) ? { subtitlePrimaryColor: saved.subtitlePrimaryColor.toLowerCase() } : {}),
      ...(typeof saved.subtitleOutlineColor === 'string' && HEX_COLOR.test(saved.subtitleOutlineColor) ? { subtitleOutlineColor: saved.subtitleOutlineColor.toLowerCase() } : {}),
    };
  } catch {
    return {}; // unreadable settings: the defaults
  }
}

export function rememberSubtitles(settings: RememberedSubtitles): void {
  try {
    storage()?.setItem(DUB_FORM_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // A full or blocked storage only loses the remembered settings.
  }
}
