/** Business constants from the specification; the one place they live. */
export const LANGUAGES = ['en', 'fr', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const LANGUAGE_HEADER = 'accept-language';

export const SKINS = ['light', 'semi-dark', 'dark'] as const;
export type Skin = (typeof SKINS)[number];

export const TOAST_DURATION_MS = 5000;
export const RIPPLE_DURATION_MS = 500;
export const ACTION_BAR_HEIGHT = 45;
export const DATE_FORMAT = 'YYYY-MM-DD';
export const RELATIVE_DATE_WINDOW_DAYS = 7;

export const TWO_FACTOR_CODE_LENGTH = 6;
/** `next_step` of a sign-in answer that asks for the second factor. */
export const TWO_FACTOR_NEXT_STEP = 'USR_2FA';
export const FREE_TRIAL_DAYS = 14;

export const SEARCH_LIMIT_USERS = 20;
export const SEARCH_LIMIT_ROLES = 20;
export const SEARCH_LIMIT_USER_GROUPS = 20;

export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
export const UPLOAD_MIN_BYTES = 10 * 1024;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'vigil_session';
/** Signed, http-only: the accounts this browser completed a sign-in to (see docs/accounts-security.md). */
export const DEVICE_COOKIE = 'vigil_device';

/** Paths where logged-out users stay when the session ends (spec 1 §8). */
export const PUBLIC_AUTH_PATHS = ['/login', '/register', '/forgot-password'] as const;
