import type { CacheProvider } from '@node-saml/node-saml';
import {
  CAS_DEFAULT_TARGET_KEY,
  DEFAULT_SAML_ATTRIBUTES,
  featuresOfPlan,
  type CasSettings,
  type SamlIdpMetadata,
  type SamlSettings,
  type SamlSettingsValues,
  type SsoError,
} from '@vigil/contracts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import { effectivePlan, type WorkspaceRow } from '../../platform/auth/sessions.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError, message, validationFailed } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { casEndpoint, validateServiceTicket } from './cas-client.ts';
import { readCertificate } from './certificates.ts';
import { fetchFromIdentityProvider } from './idp-fetch.ts';
import { parseIdpMetadata } from './idp-metadata.ts';
import { assertionFacts, mapProfile, REQUEST_LIFETIME_MS, samlClient, serviceProviderOf } from './saml.ts';
import {
  activeWorkspacesWithSsoRule,
  findMemberByEmail,
  findMemberByIdentity,
  findNonce,
  findSamlConfig,
  findWorkspace,
  insertNonce,
  linkIdentity,
  takeNonce,
  updateCasSettings,
  upsertSamlConfig,
  type SamlConfigRow,
} from './sso.repo.ts';

export interface SsoDeps {
  db: Db;
  publicUrl: string;
}

/** A refused single sign-on: `error` is what the person is told, `reason` goes to the log only. */
export class SsoRefusal extends Error {
  constructor(
    readonly error: SsoError,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const HANDOFF_LIFETIME_MS = 2 * 60_000;
/** Assertion ids are remembered at least this long, and until the assertion itself expires. */
const REPLAY_MEMORY_MS = 24 * 3_600_000;
const DEFAULT_TARGET = '/dashboard';

/** Flows before sign-in act for nobody in particular; they never write the activity log. */
function flowContext(tx: Executor, workspaceId: string): TenantContext {
  return { workspaceId, actor: { userId: '', permissions: new Set() }, tx };
}

/** Single sign-on is a plan feature: a workspace without it signs in with passwords only. */
function ssoAvailable(workspace: WorkspaceRow): boolean {
  return featuresOfPlan(effectivePlan(workspace)).app_sso;
}

/** A same-origin path to land on after signing in; anything else lands on the dashboard. */
export function safeTarget(value: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses.
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) {
    return DEFAULT_TARGET;
  }
  return value;
}

// ---------------------------------------------------------------- settings

export async function getSamlSettings(ctx: TenantContext, publicUrl: string): Promise<SamlSettings> {
  const row = await findSamlConfig(ctx);
  const certificate = row ? readCertificate(row.certificate) : null;
  return {
    configured: Boolean(row),
    provider: row?.provider ?? 'saml2',
    enabled: row?.enabled ?? false,
    sso_only: row?.ssoOnly ?? false,
    metadata_url: row?.metadataUrl ?? null,
    entity_id: row?.entityId ?? '',
    sso_url: row?.ssoUrl ?? '',
    slo_url: row?.sloUrl ?? null,
    certificate: row?.certificate ?? '',
    certificate_info: certificate ? { subject: certificate.subject, valid_to: certificate.validTo } : null,
    attributes: row?.attributes ?? DEFAULT_SAML_ATTRIBUTES,
    service_provider: serviceProviderOf(publicUrl, ctx.workspaceId),
  };
}

export async function saveSamlSettings(
  ctx: TenantContext,
  body: ReturnType<typeof normaliseSamlBody>,
  call: { ip: string; publicUrl: string },
) {
  const before = await findSamlConfig(ctx);
  await upsertSamlConfig(ctx, body);
  await recordActivity(ctx, {
    type: 'sso.settings_updated',
    objectType: 'saml_config',
    objectId: ctx.workspaceId,
    before: before ? auditOf(before) : null,
    after: auditOf(body),
    ip: call.ip,
  });
  return getSamlSettings(ctx, call.publicUrl);
}

function auditOf(config: Pick<SamlConfigRow, 'provider' | 'enabled' | 'ssoOnly' | 'entityId' | 'ssoUrl' | 'sloUrl'>) {
  return {
    provider: config.provider,
    enabled: config.enabled,
    sso_only: config.ssoOnly,
    entity_id: config.entityId,
    sso_url: config.ssoUrl,
    slo_url: config.sloUrl,
  };
}

/** Checks what the schema cannot (the certificate parses) and turns the body into row values. */
export function normaliseSamlBody(body: SamlSettingsValues) {
  const certificate = readCertificate(body.certificate);
  if (!certificate) throw validationFailed({ certificate: [message('sso.certificate_invalid')] });
  return {
    provider: body.provider,
    enabled: body.enabled,
    ssoOnly: body.sso_only,
    metadataUrl: body.metadata_url,
    entityId: body.entity_id,
    ssoUrl: body.sso_url,
    sloUrl: body.slo_url,
    certificate: certificate.pem,
    attributes: body.attributes,
  };
}

/** Fetches and reads an IdP's metadata for the form; nothing is stored until the form is saved. */
export async function importIdpMetadata(metadataUrl: string): Promise<SamlIdpMetadata> {
  try {
    return parseIdpMetadata(await fetchFromIdentityProvider(metadataUrl));
  } catch {
    throw validationFailed({ metadata_url: [message('sso.metadata_unreadable')] });
  }
}

export function casSettingsOf(workspace: WorkspaceRow): CasSettings {
  const { cas_enabled, cas_url, cas_logout_url, cas_assertion_key, cas_target_key } = workspace.appSettings;
  return { cas_enabled, cas_url, cas_logout_url, cas_assertion_key, cas_target_key };
}

export async function saveCasSettings(ctx: TenantContext, settings: CasSettings, ip: string): Promise<CasSettings> {
  const workspace = await findWorkspace(ctx.tx, ctx.workspaceId);
  await updateCasSettings(ctx, settings);
  await recordActivity(ctx, {
    type: 'sso.settings_updated',
    objectType: 'cas_settings',
    objectId: ctx.workspaceId,
    before: casSettingsOf(workspace),
    after: settings,
    ip,
  });
  return settings;
}

// ---------------------------------------------------------------- sign-in flows

/** node-saml's request-id cache, kept in the database so that any app node can finish a sign-in. */
function requestCache(ctx: TenantContext, binding: string | null): CacheProvider & { binding(): string | null } {
  let seenBinding: string | null = null;
  return {
    async saveAsync(key, value) {
      await insertNonce(ctx, { kind: 'request', value: key, binding, expiresAt: new Date(Date.now() + REQUEST_LIFETIME_MS) });
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      const row = await findNonce(ctx, 'request', key);
      seenBinding = row?.binding ?? null;
      return row ? row.createdAt.toISOString() : null;
    },
    async removeAsync(key) {
      return key && (await takeNonce(ctx, 'request', key)) ? key : null;
    },
    binding: () => seenBinding,
  };
}

async function signInWorkspace(executor: Executor, workspaceId: string) {
  const workspace = await findWorkspace(executor, workspaceId);
  if (!workspace || !ssoAvailable(workspace)) return null;
  const saml = await findSamlConfig(flowContext(executor, workspaceId));
  return {
    workspace,
    saml: saml?.enabled ? saml : null,
    cas: workspace.appSettings.cas_enabled && workspace.appSettings.cas_url ? casSettingsOf(workspace) : null,
  };
}

/** The CAS service URL for a workspace: where the CAS server sends the browser back with its ticket. */
function casServiceUrl(publicUrl: string, workspaceId: string, target: string): string {
  const url = new URL(`${publicUrl}/oauth-callback`);
  url.searchParams.set('cas', workspaceId);
  if (target !== DEFAULT_TARGET) url.searchParams.set('target', target);
  return url.toString();
}

/**
 * Where the workspace's single sign-on entry sends the browser: its SAML IdP when enabled,
 * else its CAS server. `binding` is the hash of the browser cookie the sign-in must finish in.
 */
export async function startSignIn(deps: SsoDeps, workspaceId: string, target: string, binding: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const found = await signInWorkspace(tx, workspaceId);
    if (!found || (!found.saml && !found.cas)) throw new SsoRefusal('not_configured', 'no single sign-on enabled');
    const ctx = flowContext(tx, workspaceId);
    if (found.saml) {
      const client = await samlClient(found.saml, serviceProviderOf(deps.publicUrl, workspaceId), requestCache(ctx, binding));
      return client.getAuthorizeUrlAsync(target, undefined, {});
    }
    const cas = found.cas!;
    await insertNonce(ctx, { kind: 'cas_state', value: binding, expiresAt: new Date(Date.now() + REQUEST_LIFETIME_MS) });
    const login = casEndpoint(cas.cas_url!, '/login');
    login.searchParams.set(cas.cas_target_key || CAS_DEFAULT_TARGET_KEY, casServiceUrl(deps.publicUrl, workspaceId, target));
    return login.toString();
  });
}

/** Finds the workspace member an IdP identity stands for; unknown people are refused, not created. */
async function memberFor(ctx: TenantContext, identity: { idpUserId: string; email: string }): Promise<string> {
  const linked = identity.idpUserId ? await findMemberByIdentity(ctx, identity.idpUserId) : undefined;
  const member = linked ?? (identity.email ? await findMemberByEmail(ctx, identity.email) : undefined);
  if (!member || member.status !== 'active') throw new SsoRefusal('unknown_user', 'no active member for this identity');
  if (!linked && identity.idpUserId) await linkIdentity(ctx, identity.idpUserId, member.userId);
  return member.userId;
}

async function issueHandoff(ctx: TenantContext, userId: string, binding: string | null): Promise<string> {
  const token = randomToken();
  await insertNonce(ctx, { kind: 'handoff', value: sha256(token), userId, binding, expiresAt: new Date(Date.now() + HANDOFF_LIFETIME_MS) });
  return `${ctx.workspaceId}.${token}`;
}

/**
 * The assertion consumer service: validates the IdP's answer and hands the sign-in over to
 * the web app with a one-time value. Returns the `/oauth-callback` address to redirect to.
 */
export async function finishSamlSignIn(deps: SsoDeps, workspaceId: string, form: Record<string, string>): Promise<string> {
  const target = safeTarget(form.RelayState);
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await signInWorkspace(tx, workspaceId);
    if (!found?.saml) throw new SsoRefusal('not_configured', 'SAML not enabled');
    const ctx = flowContext(tx, workspaceId);
    const cache = requestCache(ctx, null);
    const client = await samlClient(found.saml, serviceProviderOf(deps.publicUrl, workspaceId), cache);
    let profile;
    try {
      ({ profile } = await client.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse ?? '' }));
    } catch (error) {
      throw new SsoRefusal('refused', (error as Error).message);
    }
    if (!profile) throw new SsoRefusal('refused', 'no profile in the response');
    const assertion = assertionFacts(profile);
    const remembered = new Date(Math.max(Date.now() + REPLAY_MEMORY_MS, assertion.notOnOrAfter?.getTime() ?? 0));
    if (!assertion.id || !(await insertNonce(ctx, { kind: 'assertion', value: assertion.id, expiresAt: remembered }))) {
      throw new SsoRefusal('refused', 'assertion replayed');
    }
    // A refused person is answered without rolling back: the request and the assertion stay spent.
    const userId = await memberFor(ctx, mapProfile(profile, found.saml.attributes)).catch((error: unknown) => {
      if (error instanceof SsoRefusal) return error;
      throw error;
    });
    return userId instanceof SsoRefusal ? userId : issueHandoff(ctx, userId, cache.binding());
  });
  if (outcome instanceof SsoRefusal) throw outcome;
  return `/oauth-callback?${new URLSearchParams({ sso: outcome, target }).toString()}`;
}

/** `GET /api/user/auth/sso/{assertion}`: redeems a hand-off once, in the browser that started the sign-in. */
export async function redeemHandoff(deps: SsoDeps, assertion: string, binding: string | null) {
  const [workspaceId, token] = assertion.split('.');
  if (!workspaceId || !token || !/^[0-9a-f-]{36}$/.test(workspaceId)) throw new SsoRefusal('expired', 'malformed hand-off');
  return deps.db.transaction(async (tx) => {
    const row = await takeNonce(flowContext(tx, workspaceId), 'handoff', sha256(token));
    if (!row?.userId) throw new SsoRefusal('expired', 'unknown or used hand-off');
    if (!row.binding || row.binding !== binding) throw new SsoRefusal('expired', 'hand-off opened in another browser');
    return { userId: row.userId, workspaceId };
  });
}

/**
 * `GET /api/user/auth/cas/{assertion}`: spends the browser's CAS state, asks the CAS server about
 * the service ticket (outside any transaction: it is a network call) and finds the member it names.
 */
export async function redeemCasTicket(
  deps: SsoDeps,
  input: { ticket: string; workspaceId: string; target: string; binding: string | null },
) {
  const found = await signInWorkspace(deps.db, input.workspaceId);
  if (!found?.cas) throw new SsoRefusal('not_configured', 'CAS not enabled');
  const cas = found.cas;
  const binding = input.binding;
  const started = binding && (await deps.db.transaction((tx) => takeNonce(flowContext(tx, input.workspaceId), 'cas_state', binding)));
  if (!started) throw new SsoRefusal('expired', 'CAS sign-in not started in this browser');
  const principal = await validateServiceTicket(
    cas.cas_url!,
    casServiceUrl(deps.publicUrl, input.workspaceId, input.target),
    input.ticket,
  ).catch(() => null);
  if (!principal) throw new SsoRefusal('refused', 'CAS ticket not validated');
  const email = cas.cas_assertion_key ? principal.attributes[cas.cas_assertion_key] : principal.user;
  const userId = await deps.db.transaction((tx) =>
    memberFor(flowContext(tx, input.workspaceId), { idpUserId: `cas:${principal.user}`, email: (email ?? '').toLowerCase() }),
  );
  return { userId, workspaceId: input.workspaceId };
}

/**
 * The workspace a password sign-in may open: the one chosen unless it requires single
 * sign-on, then another active one that does not. When every workspace of the person
 * requires it, the sign-in is refused with `AUTH_SSO_REQUIRED` and the entry to use.
 */
export async function passwordSignInWorkspace(db: Db, userId: string, chosenWorkspaceId: string): Promise<string> {
  const workspaces = await activeWorkspacesWithSsoRule(db, userId);
  const chosen = workspaces.find((entry) => entry.workspace.id === chosenWorkspaceId);
  if (chosen && !requiresSso(chosen)) return chosenWorkspaceId;
  const other = workspaces.find((entry) => !requiresSso(entry));
  if (other) return other.workspace.id;
  throw ssoRequired(chosenWorkspaceId);
}

/**
 * Switching a session into a workspace that requires single sign-on needs a session opened by
 * that workspace's sign-on; a password session (or another workspace's sign-on) is sent there.
 */
export async function assertMayEnterWorkspace(
  executor: Executor,
  session: { userId: string; ssoWorkspaceId: string | null },
  workspaceId: string,
) {
  const target = (await activeWorkspacesWithSsoRule(executor, session.userId)).find((entry) => entry.workspace.id === workspaceId);
  if (target && requiresSso(target) && session.ssoWorkspaceId !== workspaceId) throw ssoRequired(workspaceId);
}

function requiresSso(entry: { workspace: WorkspaceRow; ssoOnly: boolean }): boolean {
  return entry.ssoOnly && ssoAvailable(entry.workspace);
}

function ssoRequired(workspaceId: string): AppError {
  return new AppError(403, 'AUTH_SSO_REQUIRED', 'sso.required', {}, { url: `/api/sso/${workspaceId}/login` });
}
