// Vocabulary library calls (features §3, §5, §7 Vocabulary; issue 14). SVIP only, through the tier
// table (92505003 otherwise; BILLING=off lifts it), for every write and for import. Reading and
// exporting a library stay open to its owner after a downgrade: the entries are the user's own work,
// and a lapsed library steers nothing (the library source applies the same gate), so showing it
// read-only gives away no paid feature while it keeps the user's data reachable.
import { VOCABULARY_KINDS } from '../../../src/shared/contract/vocabulary-limits';
import { vocabularyKindKeys } from '../../../src/shared/contract/vocabulary-kinds';
import { AppError } from '../errors';
import { IMPORT_MULTIPART_LIMITS, readImportForm, type FormPart } from '../domain/vocabulary/import-form';
import { vocabularyWorkbook, XLSX_CONTENT_TYPE } from '../domain/vocabulary/xlsx-write';
import { sendFile } from './transcript';
import { requireBody, requireUser, type HandlerContext, type HandlerMap, type OperationId } from './types';


/** An envelope with this call's own msg (the route's envelope always says 'Success'). */
function sendEnvelope(reply: HandlerContext<OperationId>['reply'], code: number, msg: string, data: unknown): null {
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  reply.raw.end(JSON.stringify({ code, msg, data }));
  return null;
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
    return ctx.services.libraryWrites.edit(requireUser(ctx), requireBody(ctx.body));
  },

  async vocabularyEditData(ctx) {
    const body = requireBody(ctx.body);
    const { merged } = await ctx.services.libraryWrites.editData(requireUser(ctx), body.documentId, body.entries);
    const t = ctx.t;
    return sendEnvelope(ctx.reply, 200, merged > 0 ? t('vocabularyServer:savedMerged', { count: merged }) : t('vocabularyServer:saved'), null);
  },

  async vocabularyRemove(ctx) {
    await ctx.services.libraryWrites.remove(requireUser(ctx), requireBody(ctx.body).ids);
    return null;
  },

  async vocabularyRemoveData(ctx) {
    const body = requireBody(ctx.body);
    await ctx.services.libraryWrites.removeData(requireUser(ctx), body.documentId, body.ids);
    return null;
  },

  async vocabularyImport(ctx) {
    const user = requireUser(ctx);
    if (!ctx.request.isMultipart()) throw new AppError(400, 'errors.unsupportedMediaType', { type: ctx.request.headers['content-type'] ?? '' });
    const form = await readImportForm(ctx.request.parts(IMPORT_MULTIPART_LIMITS as never) as AsyncIterable<FormPart>);
    const outcome = await ctx.services.libraryWrites.importForm(user, form);
    const t = ctx.t;
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
    const t = ctx.t;
    const body = await vocabularyWorkbook(library.kind, t, entries);
    return sendFile(ctx.reply, { fileName: `${library.name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body });
  },

  async vocabularyTemplate(ctx) {
    const kind = ctx.query!.kind;
    if (!(VOCABULARY_KINDS as readonly string[]).includes(kind)) throw new AppError(400, 'errors.invalidRequest');
    const t = ctx.t;
    const body = await vocabularyWorkbook(kind, t);
    return sendFile(ctx.reply, { fileName: `${t(vocabularyKindKeys(kind).inText)}.xlsx`, contentType: XLSX_CONTENT_TYPE, body });
  },
};
