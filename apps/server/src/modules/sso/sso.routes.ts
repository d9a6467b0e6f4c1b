import {
  AuthStateSchema,
  CasAssertionQuerySchema,
  CasSettingsBodySchema,
  CasSettingsSchema,
  envelope,
  SamlAcsBodySchema,
  SamlIdpMetadataSchema,
  SamlMetadataBodySchema,
  SamlSettingsBodySchema,
  SamlSettingsSchema,
  SsoAssertionParamsSchema,
  SsoLoginQuerySchema,
  SsoWorkspaceParamsSchema,
  type SsoError,
} from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordSessionEvent } from '../../platform/activity-log/index.ts';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import { sessionToken, setSessionCookie, type SessionStore } from '../../platform/auth/sessions.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { AppError, notFound, unauthenticated } from '../../platform/errors.ts';
import { guards, withFeature } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { rememberLastWorkspace } from '../../platform/auth/last-workspace.ts';
import { serviceProviderMetadata, serviceProviderOf } from './saml.ts';
import { findWorkspace } from './sso.repo.ts';
import {
  casSettingsOf,
  finishSamlSignIn,
  getSamlSettings,
  importIdpMetadata,
  normaliseSamlBody,
  redeemCasTicket,
  redeemHandoff,
  safeTarget,
  saveCasSettings,
  saveSamlSettings,
  SsoRefusal,
  startSignIn,
  type SsoDeps,
} from './sso.service.ts';

export interface SsoRoutesDeps extends SsoDeps {
  sessions: SessionStore;
  secureCookies: boolean;
}

const tags = ['sso'];
const view = withFeature({ anyOf: ['APP_VIEW_SETTINGS', 'APP_EDIT_SETTINGS'] }, 'app_sso');
const edit = withFeature({ anyOf: ['APP_EDIT_SETTINGS'] }, 'app_sso');
/** Ties a sign-in to the browser that started it, so that nobody can finish it in another (login CSRF). */
const STATE_COOKIE = 'vigil_sso_state';
const MESSAGE_KEYS = {
  not_configured: 'sso.not_configured',
  refused: 'sso.refused',
  unknown_user: 'sso.unknown_user',
  expired: 'sso.expired',
} as const satisfies Record<SsoError, string>;

export function registerSsoRoutes(app: App, deps: SsoRoutesDeps): void {
  const stateOf = (request: FastifyRequest) => {
    const state = request.cookies[STATE_COOKIE];
    return state ? sha256(state) : null;
  };
  const callbackWithError = (error: SsoError) => `/oauth-callback?${new URLSearchParams({ error })}`;
  const logRefusal = (request: FastifyRequest, refusal: SsoRefusal) => request.log.warn({ reason: refusal.reason, error: refusal.error }, 'single sign-on refused');

  /** Opens a session for the member the sign-in named, as `POST /api/login` does for a password. */
  async function openSession(request: FastifyRequest, reply: FastifyReply, member: { userId: string; workspaceId: string }) {
    const previous = sessionToken(request);
    if (previous) await deps.sessions.destroy(previous);
    const session = await deps.db.transaction(async (tx) => {
      await rememberLastWorkspace(tx, member.userId, member.workspaceId);
      await recordSessionEvent(tx, 'user.signed_in', member, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return deps.sessions.create(tx, {
        ...member,
        ssoWorkspaceId: member.workspaceId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    });
    const auth = await deps.sessions.authenticate(session.token);
    if (!auth) throw unauthenticated();
    setSessionCookie(reply, session, deps.secureCookies);
    reply.clearCookie(STATE_COOKIE, { path: '/api' });
    return { data: describeAuth(auth), message: request.t('auth.signed_in', { name: auth.user.firstName }) };
  }

  async function redeem(request: FastifyRequest, reply: FastifyReply, work: () => Promise<{ userId: string; workspaceId: string }>) {
    try {
      return await openSession(request, reply, await work());
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      logRefusal(request, error);
      throw new AppError(401, 'SSO_SIGN_IN_REFUSED', MESSAGE_KEYS[error.error], {}, { error: error.error });
    }
  }

  // ------------------------------------------------------------ settings

  app.get(
    '/api/settings/organization/auth/saml',
    { config: { guard: view }, schema: { tags, summary: 'SAML single sign-on settings of the workspace', response: { 200: envelope(SamlSettingsSchema) } } },
    async (request) => ({ data: await inWorkspace(deps.db, request.auth!, (ctx) => getSamlSettings(ctx, deps.publicUrl)) }),
  );

  app.put(
    '/api/settings/organization/auth/saml',
    { config: { guard: edit }, schema: { tags, summary: 'Save the SAML identity provider and attribute mapping', body: SamlSettingsBodySchema, response: { 200: envelope(SamlSettingsSchema) } } },
    async (request) => {
      const values = normaliseSamlBody(request.body, request.t);
      const data = await inWorkspace(deps.db, request.auth!, (ctx) => saveSamlSettings(ctx, values, { ip: request.ip, publicUrl: deps.publicUrl }));
      return { data, message: request.t('sso.saved') };
    },
  );

  app.post(
    '/api/settings/organization/auth/saml/metadata',
    { config: { guard: edit }, schema: { tags, summary: "Read an identity provider's metadata from its URL", body: SamlMetadataBodySchema, response: { 200: envelope(SamlIdpMetadataSchema) } } },
    async (request) => ({ data: await importIdpMetadata(request.body.metadata_url, request.t) }),
  );

  app.get(
    '/api/settings/organization/auth/cas',
    { config: { guard: view }, schema: { tags, summary: 'CAS sign-on settings (app settings cas_*)', response: { 200: envelope(CasSettingsSchema) } } },
    async (request) => ({ data: casSettingsOf(request.auth!.workspace) }),
  );

  app.put(
    '/api/settings/organization/auth/cas',
    { config: { guard: edit }, schema: { tags, summary: 'Save the CAS sign-on settings', body: CasSettingsBodySchema, response: { 200: envelope(CasSettingsSchema) } } },
    async (request) => ({
      data: await inWorkspace(deps.db, request.auth!, (ctx) => saveCasSettings(ctx, request.body, request.ip)),
      message: request.t('sso.saved'),
    }),
  );

  // ------------------------------------------------------------ sign-in flows (public)

  app.get(
    '/api/sso/saml/:workspace/metadata',
    {
      config: { guard: guards.public },
      schema: { tags, summary: "The workspace's SAML service-provider metadata", params: SsoWorkspaceParamsSchema, produces: ['application/samlmetadata+xml'] },
    },
    async (request, reply) => {
      if (!(await findWorkspace(deps.db, request.params.workspace))) throw notFound();
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="vigil-sp-metadata.xml"')
        .send(await serviceProviderMetadata(serviceProviderOf(deps.publicUrl, request.params.workspace)));
    },
  );

  app.get(
    '/api/sso/:workspace/login',
    { config: { guard: guards.public }, schema: { tags, summary: "The workspace's single sign-on entry: redirects to its IdP or CAS server", params: SsoWorkspaceParamsSchema, querystring: SsoLoginQuerySchema } },
    async (request, reply) => {
      const state = randomToken();
      try {
        const location = await startSignIn(deps, request.params.workspace, safeTarget(request.query.target), sha256(state));
        reply.setCookie(STATE_COOKIE, state, { path: '/api', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, maxAge: 600 });
        return reply.redirect(location, 302);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        logRefusal(request, error);
        return reply.redirect(callbackWithError(error.error), 302);
      }
    },
  );

  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The IdP's page posts an HTML form here (HTTP-POST binding).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      '/api/sso/saml/:workspace/acs',
      {
        // A cross-site form post by design: it carries no session and no anti-forgery token.
        config: { guard: guards.public, xsrfExempt: true },
        schema: { tags, summary: 'SAML assertion consumer service (HTTP-POST binding)', params: SsoWorkspaceParamsSchema, body: SamlAcsBodySchema, consumes: ['application/x-www-form-urlencoded'] },
      },
      async (request, reply) => {
        try {
          return reply.redirect(await finishSamlSignIn(deps, request.params.workspace, request.body), 303);
        } catch (error) {
          if (!(error instanceof SsoRefusal)) throw error;
          logRefusal(request, error);
          return reply.redirect(callbackWithError(error.error), 303);
        }
      },
    );
  });

  app.get(
    '/api/user/auth/sso/:assertion',
    { config: { guard: guards.public }, schema: { tags: ['auth', ...tags], summary: 'Finish a SAML sign-in with its one-time hand-off', params: SsoAssertionParamsSchema, response: { 200: envelope(AuthStateSchema) } } },
    async (request, reply) => redeem(request, reply, () => redeemHandoff(deps, request.params.assertion, stateOf(request))),
  );

  app.get(
    '/api/user/auth/cas/:assertion',
    {
      config: { guard: guards.public },
      schema: { tags: ['auth', ...tags], summary: 'Finish a CAS sign-in with its service ticket', params: SsoAssertionParamsSchema, querystring: CasAssertionQuerySchema, response: { 200: envelope(AuthStateSchema) } },
    },
    async (request, reply) =>
      redeem(request, reply, () =>
        redeemCasTicket(deps, { ticket: request.params.assertion, workspaceId: request.query.workspace, target: safeTarget(request.query.target), binding: stateOf(request) }),
      ),
  );
}
