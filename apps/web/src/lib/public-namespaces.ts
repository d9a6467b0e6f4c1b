/**
 * What the public pages (sign-in, registration, password reset, 2FA) and the shell around them say. The other
 * namespaces and the checklist catalogue load with the first other screen, so the login page does not download
 * the whole product's wording. The build packs these into a file of their own per language (vite.config.ts).
 */
export const PUBLIC_NAMESPACES: readonly string[] = ['common', 'shell', 'auth', 'sso'];
