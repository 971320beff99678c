// Turns every failure into the { code, msg } envelope with a translated message:
// business errors keep HTTP 200 and their catalogue code; bad input (malformed JSON, unknown or
// missing fields, wrong types, oversized bodies) is HTTP 400 naming the field; anything
// unexpected is logged and answered 500 without internals. Bad input never becomes a 500.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { JSON_BODY_LIMIT_BYTES } from '../../../../src/shared/contract/limits';
import { AppError } from '../../errors';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldName(issue: AjvIssue, context: string | undefined, t: FastifyRequest['t']): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const child =
    (issue.params.additionalProperty as string | undefined) ?? (issue.params.missingProperty as string | undefined);
  const joined = [path, child].filter(Boolean).join('.');
  if (joined) return joined;
  return context === 'body' || !context ? t('errors.body') : context;
}

export function validationMessage(issues: AjvIssue[], context: string | undefined, t: FastifyRequest['t']): string {
  const issue = issues[0];
  if (!issue) return t('errors.invalidRequest');
  const field = fieldName(issue, context, t);
  switch (issue.keyword) {
    case 'additionalProperties':
      return t('errors.unknownField', { field });
    case 'required':
      return t('errors.missingField', { field });
    case 'type':
      return t('errors.wrongType', { field, type: String(issue.params.type) });
    case 'enum':
      return t('errors.notAllowedValue', { field, values: ((issue.params.allowedValues as unknown[]) ?? []).join(', ') });
    // Lengths, counts and values each get their own words: 'pageNum must be at most 100000', not '… characters'.
    case 'maxLength':
      return t('errors.tooLong', { field, limit: issue.params.limit });
    case 'minLength':
      return t('errors.tooShort', { field, limit: issue.params.limit });
    case 'maxItems':
      return t('errors.tooManyItems', { field, limit: issue.params.limit });
    case 'minItems':
      return t('errors.tooFewItems', { field, limit: issue.params.limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return t(issue.keyword === 'maximum' ? 'errors.tooLarge' : 'errors.tooLargeExclusive', { field, limit: issue.params.limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return t(issue.keyword === 'minimum' ? 'errors.tooSmall' : 'errors.tooSmallExclusive', { field, limit: issue.params.limit });
    case 'finite':
      return t('errors.notFinite', { field });
    default:
      return t('errors.invalidField', { field });
  }
}

function inputProblem(error: FastifyError, request: FastifyRequest): string | null {
  const t = request.t;
  if (error.validation) {
    return validationMessage(error.validation as unknown as AjvIssue[], error.validationContext, t);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return t('errors.bodyTooLarge', { limit: JSON_BODY_LIMIT_BYTES });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return t('errors.emptyJson');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return t('errors.malformedJson');
  }
  if (error instanceof SyntaxError) return t('errors.malformedJson');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return t('errors.invalidRequest');
  }
  return null;
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.httpStatus).send({ code: error.code, msg: request.t(error.messageKey, error.params) });
      }
      // A body in a content type nobody parses (or the operation does not take) is 415, still in the envelope.
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
        request.log.info({ url: request.url }, 'unsupported media type');
        return reply.status(415).send({ code: 415, msg: request.t('errors.unsupportedMediaType', { type: request.headers['content-type'] ?? '' }) });
      }
      const problem = inputProblem(error, request);
      if (problem !== null) {
        request.log.info({ err: error.message, url: request.url }, 'bad request');
        return reply.status(400).send({ code: 400, msg: problem });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ code: 500, msg: request.t('errors.internal') });
    });
  },
  { name: 'error-envelope', dependencies: ['i18n'] },
);
