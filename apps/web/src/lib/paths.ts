/** Paths that shared components link to; the route table in app/routes.tsx owns them all. */
export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const PLANS_PATH = '/workspace/settings/plans';
export const KB_PATH = '/kb';
