// The multipart form of vocabularyImport, read by hand (multipart bodies skip the contract's route
// validation, see openapi-routes.ts): exactly one file of at most 5 MB (counted while it streams;
// the rest is drained unread), and the text fields checked as the contract declares them.
import type { Readable } from 'node:stream';
import { VOCABULARY_IMPORT_MAX_BYTES, VOCABULARY_KINDS, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { AppError } from '../../errors';
import type { ImportTarget } from './vocabulary-service';

export type FormPart = { type: 'file'; fieldname: string; file: Readable & { truncated?: boolean } } | { type: 'field'; fieldname: string; value: unknown };

export interface ImportForm extends ImportTarget {
  file: Buffer;
  preview: boolean;
}

const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const FIELDS = new Set(['kind', 'id', 'name', 'language', 'translationLanguage', 'preview']);
const MB = 1024 * 1024;

export const IMPORT_MULTIPART_LIMITS = {
  limits: { fileSize: VOCABULARY_IMPORT_MAX_BYTES, files: 2, fields: 12, fieldSize: 1024 },
  // Read at run time by @fastify/multipart but missing from its option type: a long file is cut and flagged.
  throwFileSizeLimit: false,
};

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) void _chunk;
}

export async function readImportForm(parts: AsyncIterable<FormPart>): Promise<ImportForm> {
  const fields = new Map<string, string>();
  let file: Buffer | null = null;
  let files = 0;
  let tooLarge = false;
  let unknownField: string | null = null;
  // The whole body is read before any refusal, so the client always gets the answer (not a reset).
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        files += 1;
        if (files > 1) {
          await drain(part.file);
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) tooLarge = true;
        else file = Buffer.concat(chunks);
        continue;
      }
      if (!FIELDS.has(part.fieldname)) unknownField ??= part.fieldname;
      else fields.set(part.fieldname, String(part.value ?? ''));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Wrong or missing boundary, a body cut short: the client's error, never a 500.
    throw new AppError(400, 'uploads:brokenMultipart');
  }
  if (unknownField !== null) throw new AppError(400, 'errors.unknownField', { field: unknownField });
  if (files > 1) throw new AppError(400, 'vocabularyServer:file.tooMany');
  if (tooLarge) throw new AppError(400, 'vocabularyServer:file.tooLarge', { limit: VOCABULARY_IMPORT_MAX_BYTES / MB });
  if (!file || file.length === 0) throw new AppError(400, 'vocabularyServer:file.missing');

  const kind = fields.get('kind');
  if (!kind) throw new AppError(400, 'errors.missingField', { field: 'kind' });
  if (!(VOCABULARY_KINDS as readonly string[]).includes(kind)) throw new AppError(400, 'errors.notAllowedValue', { field: 'kind', values: VOCABULARY_KINDS.join(', ') });
  const preview = fields.get('preview');
  if (preview !== undefined && preview !== 'true' && preview !== 'false') throw new AppError(400, 'errors.notAllowedValue', { field: 'preview', values: 'true, false' });
  const id = fields.get('id');
  if (id !== undefined && (id.length < 1 || id.length > 64)) throw new AppError(400, 'errors.invalidField', { field: 'id' });
  for (const field of ['language', 'translationLanguage'] as const) {
    const value = fields.get(field);
    if (value !== undefined && !LANGUAGE_CODE.test(value)) throw new AppError(400, 'errors.invalidField', { field });
  }
  return {
    file,
    kind: kind as VocabularyKindName,
    id,
    name: fields.get('name'),
    language: fields.get('language'),
    translationLanguage: fields.get('translationLanguage'),
    preview: preview === 'true',
  };
}
