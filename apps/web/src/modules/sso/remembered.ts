const STORAGE_KEY = 'vigil.sso.workspace';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace this browser last signed in to by single sign-on, offered again on the login page. */
export function rememberedSsoWorkspace(): string | null {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  return stored && UUID.test(stored) ? stored : null;
}

export function rememberSsoWorkspace(workspaceId: string): void {
  window.localStorage.setItem(STORAGE_KEY, workspaceId);
}
