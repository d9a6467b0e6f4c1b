import { z } from 'zod';

/** Error codes: the spec's verbatim, ours in the same AREA_WHAT form. */
export const ERROR_CODES = [
  '_OBJECT_NOT_FOUND',
  '_VALIDATION_FAILED',
  '_FORBIDDEN',
  '_RATE_LIMITED',
  '_XSRF_TOKEN_INVALID',
  '_PAYLOAD_TOO_LARGE',
  '_JSON_TOO_DEEP',
  '_JSON_TOO_MANY_ENTRIES',
  '_QUERY_TOO_COMPLEX',
  '_BAD_REQUEST',
  '_INTERNAL_ERROR',
  '_CONFLICT',
  '_SERVICE_UNAVAILABLE',
  '_REQUEST_TIMEOUT',
  'USR_UNAUTHENTICATED',
  'USR_USER_NOT_EXIST',
  'USR_INVALID_CREDENTIALS',
  'USR_2FA',
  'USR_2FA_CODE_INVALID',
  'USR_2FA_ATTEMPT_INVALID',
  'AUTH_SSO_REQUIRED',
  'SSO_SIGN_IN_REFUSED',
  'PLAN_FEATURE_REQUIRED',
  'WSP_NOT_FOUND',
  'CKL_REVISION_NOT_MATCH',
  'CKL_TEMPLATE_HAS_PROBLEMS',
  'CKL_FOLDER_NOT_EMPTY',
  'CKL_FOLDER_CYCLE',
  'USR_LINK_INVALID',
  'USR_LAST_ADMINISTRATOR',
  'USR_PERMISSION_ESCALATION',
  'USR_MEMBER_INVITED',
  'CKL_IMPORT_ROWS_INVALID',
  'CKL_IMPORT_FILE_INVALID',
  'CKL_AUTO_TRANSLATE_UNAVAILABLE',
  'INS_ANSWERS_MISSING',
  'INS_ANSWERS_REFUSED',
  'INS_ARCHIVED',
  'INS_COMPLETED',
  'INS_PDF_BUSY',
  'INS_TEMPLATE_NOT_STARTABLE',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Per-field messages: `{ "email": ["Enter a valid e-mail address"] }`. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
