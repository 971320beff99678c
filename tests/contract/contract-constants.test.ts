// @vitest-environment node
// Every enum, limit and default that exists both in openapi/openapi.yaml and in TypeScript, compared
// here (issue 23 item 5). A value changed on one side only fails this file, naming the pair. Lists
// whose type is derived from the generated schema (`satisfies readonly X[]`) are still compared,
// because a type only says each member is allowed, not that none is missing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as limits from '../../src/shared/contract/limits';
import * as dub from '../../src/shared/contract/dub-limits';
import { MEETING_STATES, SUBTITLE_DISPLAYS, SUBTITLE_FONT_SIZES } from '../../src/shared/contract/meeting';
import { MeetingLanguages } from '../../src/shared/contract/meeting-languages';
import { NICKNAME_MAX, PROFILE_NAME_MAX } from '../../src/shared/contract/profile-limits';
import { DUB_RUNNING_STATES } from '../../src/shared/contract/record';
import { DUB_FORM_FIELD_NAMES, dubFieldSpec, type DubFormField } from '../../src/shared/contract/dub-form';
import { EXPORT_CONTENTS, EXPORT_FORMATS } from '../../src/shared/contract/transcript';
import { VOCABULARY_KIND_RULES, VOCABULARY_KINDS } from '../../src/shared/contract/vocabulary-kinds';
import { VOCABULARY_NAME_MAX } from '../../src/shared/contract/vocabulary-limits';
import { PAY_TYPES } from '../../src/machines/purchase/payment.machine';
import { PAY_METHODS } from '../../src/ui/purchase/pay-view-types';
import { USAGE_KINDS } from '../../src/ui/account/UsageChart';
import { PACKAGE_TYPES } from '../../server/src/domain/vouchers/package-types';
import { DEFAULT_SUBTITLE_STYLE } from '../../server/src/domain/meetings/meeting-view';

type Node = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, Node>;
  items?: Node;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  schema?: Node;
  name?: string;
};
type Operation = { operationId?: string; parameters?: Node[]; requestBody?: { content?: Record<string, { schema?: Node }> } };
type Contract = { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, Node>> };

const contract = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as Contract;

function resolve(node: Node): Node {
  if (!node.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contract);
  return resolve(target as Node);
}

const schema = (name: string): Node => {
  const node = contract.components.schemas?.[name];
  if (!node) throw new Error(`no schema ${name} in openapi.yaml`);
  return resolve(node);
};

function prop(node: Node, name: string): Node {
  const found = resolve(node).properties?.[name];
  if (!found) throw new Error(`no property ${name}`);
  return resolve(found);
}

function operation(id: string): Operation {
  for (const item of Object.values(contract.paths)) {
    for (const op of Object.values(item)) if (op && typeof op === 'object' && op.operationId === id) return op;
  }
  throw new Error(`no operation ${id} in openapi.yaml`);
}

/** The JSON (else multipart) request body of an operation. */
function body(id: string): Node {
  const content = operation(id).requestBody?.content ?? {};
  const node = (content['application/json'] ?? content['multipart/form-data'])?.schema;
  if (!node) throw new Error(`no request body for ${id}`);
  return resolve(node);
}

function param(id: string, name: string): Node {
  const found = (operation(id).parameters ?? []).map(resolve).find((p) => p.name === name);
  if (!found?.schema) throw new Error(`no parameter ${name} of ${id}`);
  return resolve(found.schema);
}

const sorted = (values: readonly unknown[]) => values.map(String).sort();
const enumOf = (node: Node) => sorted(node.enum ?? []);

describe('enums of openapi.yaml and the TypeScript lists', () => {
  it.each([
    ['VocabularyKind', () => VOCABULARY_KINDS],
    ['LangCode', () => limits.LOCALES],
    ['MeetingState', () => MEETING_STATES],
    ['InviteExpiry', () => limits.INVITE_EXPIRY_CHOICES],
    ['ExportFormat', () => EXPORT_FORMATS],
    ['ExportContent', () => EXPORT_CONTENTS],
    ['SrtFileType', () => dub.DUB_SRT_FILE_TYPES],
    ['PayType', () => PAY_TYPES],
    ['PayType', () => PAY_METHODS],
    ['PackageType', () => PACKAGE_TYPES],
    ['UsageKind', () => USAGE_KINDS.map((usage) => usage.kind)],
  ] as const)('%s', (name, list) => {
    expect(sorted(list())).toEqual(enumOf(schema(name)));
  });

  it('SubtitleStyle.display is every subtitle display', () => {
    expect(sorted(SUBTITLE_DISPLAYS)).toEqual(enumOf(prop(schema('SubtitleStyle'), 'display')));
  });

  it('the running dubbing states are dubbing states', () => {
    for (const state of DUB_RUNNING_STATES) expect(schema('DubTaskState').enum).toContain(state);
  });

  it('the dubbing refusals include the live allowance codes', () => {
    const codes = (prop(schema('LiveMeetingAllowance'), 'code').enum ?? []).filter((code) => code !== null);
    for (const code of codes) expect(dub.DUB_ENTITLEMENT_CODES).toContain(code);
  });
});

describe('limits and defaults of openapi.yaml and the TypeScript constants', () => {
  const checks: Array<[string, () => unknown, () => unknown]> = [
    // records, folders, search
    ['FolderName.maxLength', () => schema('FolderName').maxLength, () => limits.FOLDER_NAME_MAX],
    ['RecordTitle.maxLength', () => schema('RecordTitle').maxLength, () => limits.RECORD_TITLE_MAX],
    ['recordsSearch q.maxLength', () => param('recordsSearch', 'q').maxLength, () => limits.SEARCH_QUERY_MAX],
    ['IdList.maxItems', () => schema('IdList').maxItems, () => limits.RECORD_BATCH_MAX],
    ['PageSize.maximum ≥ the record list page', () => (resolve({ $ref: '#/components/parameters/PageSize' }).schema?.maximum ?? 0) >= limits.RECORD_LIST_PAGE_SIZE, () => true],
    // uploads
    ['recordsUploadInit fileSize.maximum', () => prop(body('recordsUploadInit'), 'fileSize').maximum, () => limits.UPLOAD_MAX_BYTES],
    ['recordsUploadInit chunkSize.maximum', () => prop(body('recordsUploadInit'), 'chunkSize').maximum, () => limits.UPLOAD_CHUNK_BYTES],
    ['UploadMaxSpeakers.minimum', () => schema('UploadMaxSpeakers').minimum, () => limits.UPLOAD_SPEAKERS_MIN],
    ['UploadMaxSpeakers.maximum', () => schema('UploadMaxSpeakers').maximum, () => limits.UPLOAD_SPEAKERS_MAX],
    ['UploadMaxSpeakers.default', () => schema('UploadMaxSpeakers').default, () => limits.UPLOAD_SPEAKERS_DEFAULT],
    ['SourceLanguage.default (uploads)', () => schema('SourceLanguage').default, () => limits.UPLOAD_DEFAULT_AUDIO_LANGUAGE],
    // meetings
    ['RecognitionLanguages.minItems', () => schema('RecognitionLanguages').minItems, () => MeetingLanguages.recognitionMin],
    ['RecognitionLanguages.maxItems', () => schema('RecognitionLanguages').maxItems, () => MeetingLanguages.recognitionMax],
    ['InterpretationLanguages.minItems', () => schema('InterpretationLanguages').minItems, () => MeetingLanguages.translationMin],
    ['InterpretationLanguages.maxItems', () => schema('InterpretationLanguages').maxItems, () => MeetingLanguages.translationMax],
    ['SubtitleStyle.fontSize.minimum', () => prop(schema('SubtitleStyle'), 'fontSize').minimum, () => limits.MEETING_SUBTITLE_FONT_MIN],
    ['SubtitleStyle.fontSize.maximum', () => prop(schema('SubtitleStyle'), 'fontSize').maximum, () => limits.MEETING_SUBTITLE_FONT_MAX],
    ['SubtitleStyle defaults (server)', () => Object.fromEntries(Object.entries(schema('SubtitleStyle').properties ?? {}).map(([key, node]) => [key, resolve(node).default])), () => DEFAULT_SUBTITLE_STYLE],
    ['setup font sizes within SubtitleStyle.fontSize', () => SUBTITLE_FONT_SIZES.every((size) => size >= limits.MEETING_SUBTITLE_FONT_MIN && size <= limits.MEETING_SUBTITLE_FONT_MAX), () => true],
    ['LiveAudioFrame.sampleRate', () => prop(schema('LiveAudioFrame'), 'sampleRate').enum, () => [limits.LIVE_AUDIO_SAMPLE_RATE]],
    ['summaryMediaFixedCountSummary count.default', () => prop(body('summaryMediaFixedCountSummary'), 'count').default, () => limits.MEETING_SUMMARY_LINE_COUNT],
    ['summaryMediaFixedCountSummary sentences.default', () => prop(body('summaryMediaFixedCountSummary'), 'sentences').default, () => limits.SUMMARY_SENTENCES_DEFAULT],
    ['summaryMediaFixedCountSummary sentences.maximum', () => prop(body('summaryMediaFixedCountSummary'), 'sentences').maximum, () => limits.SUMMARY_SENTENCES_MAX],
    // transcript
    ['recordsMergeFileData lines.maxItems', () => prop(body('recordsMergeFileData'), 'lineIds').maxItems, () => limits.MERGE_LINES_MAX],
    ['recordsMergeFileData speaker.maxLength', () => prop(body('recordsMergeFileData'), 'speaker').maxLength, () => limits.SPEAKER_NAME_MAX],
    ['recordsSynthesis text.maxLength', () => prop(body('recordsSynthesis'), 'text').maxLength, () => limits.SYNTHESIS_TEXT_MAX],
    // account, vouchers, vocabulary
    ['exchange cardPasswordCode.maxLength', () => param('purchaseExchangeCardPassword', 'cardPasswordCode').maxLength, () => limits.VOUCHER_CODE_MAX],
    ['VocabularyLibraryName.maxLength', () => schema('VocabularyLibraryName').maxLength, () => VOCABULARY_NAME_MAX],
    ['vocabulary entry source.maxLength is the longest entry', () => prop(prop(body('vocabularyEditData'), 'entries').items ?? {}, 'source').maxLength, () => Math.max(...VOCABULARY_KINDS.map((kind) => VOCABULARY_KIND_RULES[kind].entryChars))],
    ['vocabulary entries.maxItems ≥ every hand cap', () => (prop(body('vocabularyEditData'), 'entries').maxItems ?? 0) >= Math.max(...VOCABULARY_KINDS.map((kind) => VOCABULARY_KIND_RULES[kind].handCap)), () => true],
    ['profile nickname.maxLength', () => prop(body('systemClientUserEdit'), 'nickname').maxLength, () => NICKNAME_MAX],
    ['profile name.maxLength', () => prop(body('systemClientUserEdit'), 'name').maxLength, () => PROFILE_NAME_MAX],
    // dubbing
    ['dubbingUploadBlock fileSize.maximum', () => prop(body('dubbingUploadBlock'), 'fileSize').maximum, () => dub.DUB_MAX_BYTES],
    ['DubMaxSpeakers.minimum', () => schema('DubMaxSpeakers').minimum, () => dub.DUB_SPEAKERS_MIN],
    ['DubMaxSpeakers.maximum', () => schema('DubMaxSpeakers').maximum, () => dub.DUB_SPEAKERS_MAX],
    ['DubMaxSpeakers.default', () => schema('DubMaxSpeakers').default, () => dub.DUB_SPEAKERS_DEFAULT],
    ['SubtitleFontSize.minimum', () => schema('SubtitleFontSize').minimum, () => dub.DUB_FONT_SIZE_MIN],
    ['SubtitleFontSize.maximum', () => schema('SubtitleFontSize').maximum, () => dub.DUB_FONT_SIZE_MAX],
    ['SubtitleFontSize.default', () => schema('SubtitleFontSize').default, () => dub.DUB_FONT_SIZE_DEFAULT],
    ['SubtitleMaxChars.default', () => schema('SubtitleMaxChars').default, () => dub.DUB_CHARS_PER_SEGMENT_DEFAULT],
    ['DubForm.audioLanguage.default', () => prop(schema('DubForm'), 'audioLanguage').default, () => dub.DUB_DEFAULT_AUDIO_LANGUAGE],
    ['DubForm.translationLanguage.default', () => prop(schema('DubForm'), 'translationLanguage').default, () => dub.DUB_DEFAULT_TRANSLATION_LANGUAGE],
    ['DubForm.subtitlePrimaryColor.default', () => prop(schema('DubForm'), 'subtitlePrimaryColor').default, () => dub.DUB_PRIMARY_COLOR_DEFAULT],
    ['DubForm.subtitleOutlineColor.default', () => prop(schema('DubForm'), 'subtitleOutlineColor').default, () => dub.DUB_OUTLINE_COLOR_DEFAULT],
    ['dubbingEdits lines.maxItems', () => prop(body('dubbingEdits'), 'lines').maxItems, () => dub.DUB_EDIT_MAX_LINES],
    ['dubbingEdits lines.maxItems (editor)', () => prop(body('dubbingEdits'), 'lines').maxItems, () => dub.DUB_EDITOR_LIMITS.maxLines],
    ['dubbing line page pageSize.maximum', () => prop(body('dubbingGetFileDataContentPageList'), 'pageSize').maximum, () => dub.DUB_LINES_PAGE_MAX],
    ['dubbingEditSpeaker speakerName.maxLength', () => prop(body('dubbingEditSpeaker'), 'speakerName').maxLength, () => dub.DUB_SPEAKER_NAME_MAX],
    ['dubbingEditSpeaker speakerName.maxLength (editor)', () => prop(body('dubbingEditSpeaker'), 'speakerName').maxLength, () => dub.DUB_EDITOR_LIMITS.maxSpeakerNameChars],
    ['SubtitleLineInput.text.maxLength (editor)', () => prop(schema('SubtitleLineInput'), 'text').maxLength, () => dub.DUB_EDITOR_LIMITS.maxLineChars],
  ];

  it.each(checks)('%s', (_, fromContract, fromCode) => {
    expect(fromContract()).toEqual(fromCode());
  });
});

describe('the dub form description (src/shared/contract/dub-form.ts) and DubForm of openapi.yaml', () => {
  const properties = schema('DubForm').properties ?? {};

  it('describes every DubForm property that has a default, with that default', () => {
    const withDefault = Object.entries(properties).filter(([, node]) => resolve(node).default !== undefined);
    expect(withDefault.length).toBeGreaterThan(5);
    for (const [name, node] of withDefault) {
      expect(DUB_FORM_FIELD_NAMES, name).toContain(name);
      expect(dubFieldSpec(name as DubFormField).default, name).toEqual(resolve(node).default);
    }
  });

  it('describes only DubForm properties, with their bounds', () => {
    for (const field of DUB_FORM_FIELD_NAMES) {
      expect(Object.keys(properties), field).toContain(field);
      const spec = dubFieldSpec(field);
      if (spec.type === 'choice' || spec.type === 'integer') {
        expect([spec.min, spec.max], field).toEqual([resolve(properties[field]!).minimum, resolve(properties[field]!).maximum]);
      }
    }
  });
});
