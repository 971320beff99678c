// Vocabulary library calls (features §3, §5, §7 Vocabulary; issue 14). SVIP only, through the tier
// table (92505003 otherwise; BILLING=off lifts it), for every write and for import. Reading and
// exporting a library stay open to its owner after a downgrade: the entries are the user's own work,
// and a lapsed library steers nothing (the library source applies the same gate), so showing it
// read-only gives away no paid feature while it keeps the user's data reachable.
import { VOCABULARY_KINDS, type VocabularyKindName } from '../../../src/shared/contract/vocabulary-limits';
import { vocabularyKindKeys } from '../../../src/shared/contract/vocabulary-kinds';
import { AppError } from '../errors';
import { IMPORT_MULTIPART_LIMITS, readImportForm, type FormPart } from '../domain/vocabulary/import-form';
import { featureOf } from '../domain/vocabulary/vocabulary-gate';
import { vocabularyWorkbook, XLSX_CONTENT_TYPE } from '../domain/vocabulary/xlsx-write';
import { readSheetRows, SheetReadError, SHEET_ROWS_MAX, XLSX_EXPANDED_MAX_BYTES } from '../domain/vocabulary/xlsx-read';
import { sendFile } from './transcripts';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** An envelope with this call's own msg (the route's envelope always says 'Success'). */
function sendEnvelope(reply: HandlerContext<OperationId>['reply'], code: number, msg: string, data: unknown): null {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  reply.raw.end(JSON.stringify({ code, msg, data }));
  return null;
}

const MB = 1024 * 1024;

function sheetFailure(error: SheetReadError): AppError {
  if (error.reason === 'expandsTooMuch') return new AppError(400, 'vocabularyServer:file.expandsTooMuch', { limit: XLSX_EXPANDED_MAX_BYTES / MB });
  if (error.reason === 'tooManyRows') return new AppError(400, 'vocabularyServer:file.tooManyRows', { limit: SHEET_ROWS_MAX });
  if (error.reason === 'noSheet') return new AppError(400, 'vocabularyServer:file.noSheet');
  return new AppError(400, 'vocabularyServer:file.notXlsx');
}

async function requireKind(ctx: HandlerContext<OperationId>, kind: VocabularyKindName): Promise<void> {
  await ctx.services.entitlements.requireFeature(requireUser(ctx), featureOf(kind));
}

export const vocabularyHandlers: HandlerMap = {
  async vocabularyGetDocumentList(ctx) {
    return ctx.services.vocabulary.list(requireUser(ctx).id, ctx.query ?? {});
  },

  async vocabularyGetDocumentData(ctx) {
    const query = ctx.query!;
    return ctx.services.vocabulary.data(requireUser(ctx).id, query);
  },

  async vocabularyEdit(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    // A rename checks ownership first, so another user's id answers 'does not exist' whatever the tier.
    if (body.id !== undefined) await ctx.services.vocabulary.owned(user.id, body.id);
    await requireKind(ctx, body.kind);
    return ctx.services.vocabulary.edit(user.id, body);
  },

  async vocabularyEditData(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    const library = await ctx.services.vocabulary.owned(user.id, body.documentId);
    await requireKind(ctx, library.kind);
    const { merged } = await ctx.services.vocabulary.editData(user.id, library.id, body.entries);
    const t = ctx.t as unknown as Translate;
    return sendEnvelope(ctx.reply, 200, merged > 0 ? t('vocabularyServer:savedMerged', { count: merged }) : t('vocabularyServer:saved'), null);
  },

  async vocabularyRemove(ctx) {
    const user = requireUser(ctx);
    const { ids } = requireBody(ctx.body);
    // Deleting is a write like any other (the tier table's rule for the vocabulary features); the
    // ownership check runs inside the service, in the same transaction as the delete.
    for (const kind of await ctx.services.vocabulary.ownedKinds(user.id, ids)) await requireKind(ctx, kind);
    await ctx.services.vocabulary.remove(user.id, ids);
    return null;
  },

  async vocabularyRemoveData(ctx) {
    const user = requireUser(ctx);
    const body = requireBody(ctx.body);
    const library = await ctx.services.vocabulary.owned(user.id, body.documentId);
    await requireKind(ctx, library.kind);
    await ctx.services.vocabulary.removeData(user.id, library.id, body.ids);
    return null;
  },

  async vocabularyImport(ctx) {
    const user = requireUser(ctx);
    if (!ctx.request.isMultipart()) throw new AppError(400, 'errors.unsupportedMediaType', { type: ctx.request.headers['content-type'] ?? '' });
    const form = await readImportForm(ctx.request.parts(IMPORT_MULTIPART_LIMITS as never) as AsyncIterable<FormPart>);
    if (form.id !== undefined) await ctx.services.vocabulary.owned(user.id, form.id);
    await requireKind(ctx, form.kind);
    let rows;
    try {
      rows = await readSheetRows(form.file, form.kind);
    } catch (error) {
      if (error instanceof SheetReadError) throw sheetFailure(error);
      throw error;
    }
    const outcome = await ctx.services.vocabulary.importRows(user.id, form, rows, form.preview);
    const t = ctx.t as unknown as Translate;
    const data = { id: outcome.id, imported: outcome.imported, preview: outcome.preview };
    if (form.preview) return sendEnvelope(ctx.reply, 200, t('vocabularyServer:previewed', { total: outcome.preview.total, problems: outcome.blockingRows }), data);
    if (outcome.blockingRows > 0) {
      // All or nothing: the rows' problems travel with the refusal so the client can show them.
      return sendEnvelope(ctx.reply, 400, t('vocabularyServer:file.hasProblems', { count: outcome.blockingRows, row: outcome.firstBlockingRow }), data);
    }
    const msg = outcome.merged > 0 ? t('vocabularyServer:importedMerged', { count: outcome.imported, merged: outcome.merged }) : t('vocabularyServer:imported', { count: outcome.imported });
    return sendEnvelope(ctx.reply, 200, msg, data);
  },

  async vocabularyExport(ctx) {
    const { library, entries } = await ctx.services.vocabulary.allEntries(requireUser(ctx).id, ctx.query!.id);
    const t = ctx.t as unknown as Translate;
    const body = await vocabularyWorkbook(library.kind, t, entries);
    return sendFile(ctx.reply, { fileName: `${library.name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body });
  },

  async vocabularyTemplate(ctx) {
    const kind = ctx.query!.kind;
    if (!(VOCABULARY_KINDS as readonly string[]).includes(kind)) throw new AppError(400, 'errors.invalidRequest');
    const t = ctx.t as unknown as Translate;
    const body = await vocabularyWorkbook(kind, t);
    return sendFile(ctx.reply, { fileName: `${t(vocabularyKindKeys(kind).inText)}.xlsx`, contentType: XLSX_CONTENT_TYPE, body });
  },
};
