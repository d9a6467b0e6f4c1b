import { formatMessage, type ChecklistMessageCode, type ValidationIssue } from '@vigil/checklist';
import { FIELD_ERRORS_MAX, type ErrorCode, type FieldErrors, type Language } from '@vigil/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isMessageKey, translator, type MessageKey, type MessageParams } from './i18n/index.ts';

/**
 * A message still to be put into words: services and repos say what went wrong by key, and the
 * error handler translates it into the request's language. The checklist domain's messages
 * (`CKL_*`, shared with the web app) travel the same way.
 */
export type Message = { key: MessageKey; params?: MessageParams } | { checklist: ChecklistMessageCode; params?: MessageParams };
/** Field errors before translation: `{ "name_lang.fr": [message('roles.name_taken')] }`. */
export type FieldMessages = Record<string, Message[]>;

export const message = (key: MessageKey, params?: MessageParams): Message => (params ? { key, params } : { key });
export const checklistMessage = (code: ChecklistMessageCode, params?: MessageParams): Message =>
  params ? { checklist: code, params } : { checklist: code };

/** The checklist domain's issues as field errors; warnings are not errors. */
export function checklistFieldErrors(issues: readonly ValidationIssue[]): FieldMessages {
  const errors: FieldMessages = {};
  for (const issue of issues) if (issue.severity === 'error') (errors[issue.path] ??= []).push(checklistMessage(issue.code, issue.params));
  return errors;
}

export function isMessage(value: object): value is Message {
  return 'key' in value || 'checklist' in value;
}

export function translateMessage(entry: Message, language: Language): string {
  return 'checklist' in entry ? formatMessage(entry.checklist, entry.params, language) : translator(language)(entry.key, entry.params);
}

function translateFields(fields: FieldMessages, language: Language): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map((entry) => translateMessage(entry, language))]),
  );
}

/** An error a service or route raises on purpose; the handler turns it into the error envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly data?: unknown,
    /** Field errors, translated by the handler and answered as `data` (capped). */
    readonly fields?: FieldMessages,
  ) {
    super(messageKey);
  }
}

export const notFound = () => new AppError(404, '_OBJECT_NOT_FOUND', 'error.not_found');
export const unauthenticated = () => new AppError(401, 'USR_UNAUTHENTICATED', 'error.unauthenticated');
export const forbidden = () => new AppError(403, '_FORBIDDEN', 'error.forbidden');
export const validationFailed = (fields: FieldMessages) =>
  new AppError(422, '_VALIDATION_FAILED', 'error.validation', {}, undefined, fields);

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

/** Maps Zod issues to `{field: [message]}`; custom messages are message keys. */
export function fieldErrorsFromIssues(issues: readonly ZodIssueLike[]): FieldMessages {
  const errors: FieldMessages = {};
  const add = (field: string, entry: Message) => {
    (errors[field] ??= []).push(entry);
  };
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) add(field === '_' ? key : `${field}.${key}`, message('validation.unknown_field'));
      continue;
    }
    add(field, message(messageKeyOf(issue), paramsOf(issue)));
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

/** A string's length limit is a count of characters (plural forms); a number's is a value. */
function paramsOf(issue: ZodIssueLike): MessageParams {
  const params: MessageParams = {};
  const counted = issue.origin === 'string';
  if (issue.minimum !== undefined) params[counted ? 'count' : 'minimum'] = Number(issue.minimum);
  if (issue.maximum !== undefined) params[counted ? 'count' : 'maximum'] = Number(issue.maximum);
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
        ...(error.fields
          ? capFieldErrors(translateFields(error.fields, request.language))
          : error.data === undefined
            ? {}
            : { data: error.data }),
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
        ...capFieldErrors(translateFields(fieldErrorsFromIssues(issues), request.language)),
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
