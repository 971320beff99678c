// The dub form (features §3 'Dub form'), described once: each field the AI dubbing dialog asks for,
// by its name in the contract's DubForm, with its kind, bounds, default, whether it is remembered
// between dialogs, and how the dialog shows it. The form machine (defaults, limits, remembered
// settings), the dialog's fields (ui/dubbing/DubFormFields.tsx) and the transwrite request
// (dubFormBody) are built from this table; contract-constants.test.ts holds its defaults and bounds
// to openapi.yaml (every DubForm property with a default there must be described here, with it).
//
// Adding a field: its property in openapi.yaml (DubForm, then `npm run gen`), its row here, and its
// label in each locale's dubbing.json. What the dubbing then does with it is the server's business.
import type { components } from '../../api/schema';
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
} from './dub-limits';

type DubFormBody = components['schemas']['DubForm'];

/** The dialog's upper bound on characters per subtitle segment (the contract's SubtitleMaxChars). */
export const CHARS_PER_SEGMENT_MAX = 200;

/** How the dialog shows a field: its label (dubbing namespace), test id, group (one row each) and width. */
export interface DubFieldView {
  label: string;
  testId: string;
  /** Fields of one group share a row; a group with a label shows it first. */
  group: 'languages' | 'speakers' | 'burnIn' | 'subtitles' | 'none';
  /** Chakra width token of the field. */
  width?: string;
  /** Another switch of the form that greys the field out: when it is on (`off`) or when it is off (`on`). */
  dependsOn?: { field: DubSwitchField; enabledWhen: boolean };
}

type Common = { remembered?: boolean; view: DubFieldView };
export type DubFieldSpec =
  | (Common & { type: 'language'; default: string })
  | (Common & { type: 'targetLanguage'; default: string | null })
  | (Common & { type: 'folder'; default: string })
  /** A whole number chosen from min..max in a list. */
  | (Common & { type: 'choice'; min: number; max: number; default: number })
  /** A whole number typed, held to min..max. */
  | (Common & { type: 'integer'; min: number; max: number; default: number })
  | (Common & { type: 'switch'; default: boolean })
  | (Common & { type: 'color'; default: string });

type DubSwitchField = 'maxSpeakersAuto' | 'exportSubtitleInVideo';

const subtitle = (label: string, testId: string, width: string): DubFieldView => ({
  label,
  testId,
  group: 'subtitles',
  width,
  dependsOn: { field: 'exportSubtitleInVideo', enabledWhen: true },
});

export const DUB_FORM_FIELDS = {
  audioLanguage: { type: 'language', default: DUB_DEFAULT_AUDIO_LANGUAGE, view: { label: 'audioLanguage', testId: 'dub-audio-language', group: 'languages' } },
  translationLanguage: { type: 'targetLanguage', default: DUB_DEFAULT_TRANSLATION_LANGUAGE, view: { label: 'translationLanguage', testId: 'dub-translation-language', group: 'languages' } },
  maxSpeakers: {
    type: 'choice',
    min: DUB_SPEAKERS_MIN,
    max: DUB_SPEAKERS_MAX,
    default: DUB_SPEAKERS_DEFAULT,
    view: { label: 'speakers', testId: 'dub-max-speakers', group: 'speakers', width: '24', dependsOn: { field: 'maxSpeakersAuto', enabledWhen: false } },
  },
  maxSpeakersAuto: { type: 'switch', default: false, view: { label: 'speakersAuto', testId: 'dub-speakers-auto', group: 'speakers' } },
  folderId: { type: 'folder', default: DUB_DEFAULT_FOLDER_ID, view: { label: '', testId: '', group: 'none' } },
  exportSubtitleInVideo: { type: 'switch', default: false, remembered: true, view: { label: 'burnIn', testId: 'dub-burn-in', group: 'burnIn' } },
  subtitleFontSize: { type: 'integer', min: DUB_FONT_SIZE_MIN, max: DUB_FONT_SIZE_MAX, default: DUB_FONT_SIZE_DEFAULT, remembered: true, view: subtitle('fontSize', 'dub-font-size', '32') },
  subtitleMaxCharCountPerSegment: {
    type: 'integer',
    min: 1,
    max: CHARS_PER_SEGMENT_MAX,
    default: DUB_CHARS_PER_SEGMENT_DEFAULT,
    remembered: true,
    view: subtitle('charsPerSegment', 'dub-chars-per-segment', '40'),
  },
  subtitlePrimaryColor: { type: 'color', default: DUB_PRIMARY_COLOR_DEFAULT, remembered: true, view: subtitle('primaryColor', 'dub-primary-color', '24') },
  subtitleOutlineColor: { type: 'color', default: DUB_OUTLINE_COLOR_DEFAULT, remembered: true, view: subtitle('outlineColor', 'dub-outline-color', '24') },
} as const satisfies { [K in keyof DubFormBody]?: DubFieldSpec };

export type DubFormField = keyof typeof DUB_FORM_FIELDS;

/** The value type each kind of field holds. */
type ValueOf<S> = S extends { type: 'targetLanguage' }
  ? string | null
  : S extends { type: 'switch' }
    ? boolean
    : S extends { type: 'choice' | 'integer' }
      ? number
      : string;

/** The described fields' values (the form machine adds what is not a field of its own, such as folderName). */
export type DubFormFieldValues = { -readonly [K in DubFormField]: ValueOf<(typeof DUB_FORM_FIELDS)[K]> };

export const DUB_FORM_FIELD_NAMES = Object.keys(DUB_FORM_FIELDS) as DubFormField[];

export const dubFieldSpec = (field: DubFormField): DubFieldSpec => DUB_FORM_FIELDS[field];

/** Every field at its default. */
export function dubFormDefaults(): DubFormFieldValues {
  return Object.fromEntries(DUB_FORM_FIELD_NAMES.map((field) => [field, dubFieldSpec(field).default])) as DubFormFieldValues;
}

/** The fields remembered between dialogs (localStorage dubFormData). */
export const DUB_REMEMBERED_FIELDS = DUB_FORM_FIELD_NAMES.filter((field) => dubFieldSpec(field).remembered === true);

/** Whether a field can be changed now (another switch may grey it out). */
export function dubFieldEnabled(field: DubFormField, form: Pick<DubFormFieldValues, DubSwitchField>): boolean {
  const dependsOn = dubFieldSpec(field).view.dependsOn;
  return !dependsOn || form[dependsOn.field] === dependsOn.enabledWhen;
}
