/**
 * Input limits every request is held to (docs/input-limits.md). The spec gives a few (a 2,000-character
 * description, 10 auto-translations, 500 rows a list page); the others are ours, set well above what
 * the product produces so that only a broken or hostile client meets them.
 */

/** Nesting levels of any JSON a client sends; a template document needs about ten. */
export const JSON_MAX_DEPTH = 32;
/** Entries of any one JSON array or object, checked on the raw text before it is parsed. */
export const JSON_MAX_ENTRIES = 100_000;
/** Nesting levels of a query string (`filter[due][value][0]` is three). */
export const QUERY_MAX_DEPTH = 5;
/** Parameters of a query string, and indexes of one array in it. */
export const QUERY_MAX_PARAMETERS = 200;
export const QUERY_MAX_ARRAY_INDEX = 100;

/** A 422 answer lists at most this many field messages and counts the rest in `more_errors`. */
export const FIELD_ERRORS_MAX = 100;

/** An e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Short identifiers: uuids, keys, ids. */
export const ID_MAX = 64;
/** A one-line name or label. */
export const NAME_MAX = 255;
/** A free text of a form field (descriptions are 2,000 by the spec). */
export const TEXT_MAX = 2000;
/** Rich text (HTML) of one info entry. */
export const RICH_TEXT_MAX = 100_000;
/** Ids in one request that acts on many objects (bulk actions, `ids` filters). */
export const BULK_IDS_MAX = 500;
