/** Paths that code outside the route table links to; app/routes.tsx uses these same constants. */
export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const PLANS_PATH = '/workspace/settings/plans';
export const KB_PATH = '/kb';
/** Where a not-found answer sends the user (spec 1 §8). */
export const ERROR_PATH = '/error';
/** Shown when the workspace does not exist (yet). */
export const WORKSPACE_NOT_FOUND_PATH = '/workspace-not-found';
