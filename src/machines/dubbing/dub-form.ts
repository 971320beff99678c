// The dub form (features §3 'Dub form'): its defaults, the limits each field is held to, and the
// subtitle settings remembered in localStorage under dubFormData (restored when the dialog opens).
// The fields themselves are described once, in src/shared/contract/dub-form.ts; this file only
// applies that description.
import {
  CHARS_PER_SEGMENT_MAX,
  DUB_FORM_FIELD_NAMES,
  DUB_REMEMBERED_FIELDS,
  dubFieldSpec,
  dubFormDefaults,
  type DubFieldSpec,
  type DubFormFieldValues,
} from '../../shared/contract/dub-form';
import { readRememberedSubtitles, rememberSubtitles, type RememberedSubtitles } from './dub-subtitle-settings';
import { servedDefault, servedTarget, targetUnavailability, unavailabilityOf, type ServedLanguage } from '../../shared/contract/language-availability';

export { CHARS_PER_SEGMENT_MAX };

/** The described fields, plus the name of a new folder to create (not a field the dialog shows). */
export type DubFormValues = DubFormFieldValues & { folderName?: string };

export function defaultDubForm(): DubFormValues {
  return dubFormDefaults();
}

function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.round(number)));
}

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const color = (value: unknown, fallback: string) => (typeof value === 'string' && HEX_COLOR.test(value) ? value.toLowerCase() : fallback);

/** A field's new value held to its description; a bad value falls back to the current one. */
function held(spec: DubFieldSpec, value: unknown, current: unknown): unknown {
  if (spec.type === 'choice' || spec.type === 'integer') return clampInt(value, spec.min, spec.max, current as number);
  if (spec.type === 'color') return color(value, current as string);
  return value;
}

/** Any patch, held to the form's limits (a bad value falls back to the current one). */
export function applyDubFormPatch(form: DubFormValues, patch: Partial<DubFormValues>): DubFormValues {
  const next: Record<string, unknown> = { ...form, ...patch };
  for (const field of DUB_FORM_FIELD_NAMES) next[field] = held(dubFieldSpec(field), next[field], form[field]);
  // Another folder picked: the new-folder name that came with the opener's folder no longer applies.
  if (patch.folderId !== undefined && patch.folderId !== form.folderId && patch.folderName === undefined) delete next['folderName'];
  return next as DubFormValues;
}

/** The subtitle settings remembered between dialogs. */
export type RememberedDubSettings = RememberedSubtitles;

export function loadDubForm(): DubFormValues {
  return applyDubFormPatch(defaultDubForm(), readRememberedSubtitles());
}

export function saveDubForm(form: DubFormValues): void {
  rememberSubtitles(Object.fromEntries(DUB_REMEMBERED_FIELDS.map((field) => [field, form[field]])) as unknown as RememberedSubtitles);
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
