import { FIELD_ERRORS_MAX, type ErrorCode, type FieldErrors } from '@vigil/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isMessageKey, type MessageKey, type Translate } from './i18n/index.ts';

/** An error a service or route raises on purpose; the handler turns it into the error envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data?: unknown,
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, '_OBJECT_NOT_FOUND', 'error.not_found');
export const unauthenticated = () => new AppError(401, 'USR_UNAUTHENTICATED', 'error.unauthenticated');
export const forbidden = () => new AppError(403, '_FORBIDDEN', 'error.forbidden');
export const validationFailed = (data: FieldErrors) =>
  new AppError(422, '_VALIDATION_FAILED', 'error.validation', {}, data);

/**
 * The first FIELD_ERRORS_MAX messages and how many were left out: a refused document with a
 * million bad entries answers a hundred messages and a count, not a 46 MB body (issue 11.7).
 */
function capFieldErrors(errors: FieldErrors): { data: FieldErrors; more_errors?: number } {
  const data: FieldErrors = {};
  let listed = 0;
  let more = 0;
  for (const [field, messages] of Object.entries(errors)) {
    const room = FIELD_ERRORS_MAX - listed;
    if (room > 0) {
      data[field] = messages.slice(0, room);
      listed += data[field].length;
    }
    more += Math.max(0, messages.length - Math.max(room, 0));
  }
  return more > 0 ? { data, more_errors: more } : { data };
}

interface ZodIssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: string[];
}

/** Maps Zod issues to `{field: [localised message]}`; custom messages are message keys. */
export function fieldErrorsFromIssues(issues: readonly ZodIssueLike[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) add(field === '_' ? key : `${field}.${key}`, t('validation.unknown_field'));
      continue;
    }
    add(field, t(messageKeyOf(issue), paramsOf(issue)));
  }
  return errors;
}

function messageKeyOf(issue: ZodIssueLike): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message) ? 'validation.required' : 'validation.invalid_type';
    case 'too_small':
      return issue.origin === 'string' ? (issue.minimum === 1 ? 'validation.required' : 'validation.too_short') : 'validation.too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big';
    case 'invalid_format':
      return (issue as { format?: string }).format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'invalid_value':
      return 'validation.invalid_option';
    default:
      return 'validation.invalid';
  }
}

function paramsOf(issue: ZodIssueLike): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (issue.minimum !== undefined) params.minimum = Number(issue.minimum);
  if (issue.maximum !== undefined) params.maximum = Number(issue.maximum);
  return params;
}

/** Fastify's own error codes for bodies it refuses before our code runs. */
const BAD_BODY_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_TYPE',
  'FST_ERR_CTP_INVALID_TYPE',
]);

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = request.t;
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        code: error.code,
        message: t(error.messageKey, error.params),
        ...(error.data === undefined ? {} : error.code === '_VALIDATION_FAILED' ? capFieldErrors(error.data as FieldErrors) : { data: error.data }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((entry) => ({
        ...entry.params,
        code: entry.keyword,
        message: entry.message ?? '',
        path: entry.instancePath.split('/').filter(Boolean),
      }));
      return reply.status(422).send({
        code: '_VALIDATION_FAILED',
        message: t('error.validation'),
        ...capFieldErrors(fieldErrorsFromIssues(issues, t)),
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ code: '_PAYLOAD_TOO_LARGE', message: t('error.payload_too_large') });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: '_RATE_LIMITED', message: t('error.rate_limited') });
    }
    if (error.statusCode === 404) {
      return reply.status(404).send({ code: '_OBJECT_NOT_FOUND', message: t('error.not_found') });
    }
    if (error.statusCode === 403) {
      return reply.status(403).send({ code: '_FORBIDDEN', message: t('error.forbidden') });
    }
    const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    if (BAD_BODY_CODES.has(error.code) || (clientError && !isResponseSerializationError(error))) {
      return reply.status(error.statusCode ?? 400).send({ code: '_BAD_REQUEST', message: t('error.bad_request') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: '_INTERNAL_ERROR', message: t('error.internal') });
  });
}
