import { ssoSettingsEndpoints, ssoSignInEndpoints, type AuthState, type SsoError } from '@vigil/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordSessionEvent } from '../../platform/activity-log/index.ts';
import { describeAuth } from '../../platform/auth/describe-auth.ts';
import { rememberLastWorkspace } from '../../platform/auth/last-workspace.ts';
import { sessionToken, setSessionCookie, type SessionStore } from '../../platform/auth/sessions.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { AppError, message, notFound, unauthenticated } from '../../platform/errors.ts';
import { guards, withFeature } from '../../platform/guard.ts';
import type { App } from '../../platform/http.ts';
import { mountEndpoints, mountWorkspaceEndpoints } from '../../platform/kit.ts';
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
  const logRefusal = (request: FastifyRequest, refusal: SsoRefusal) =>
    request.log.warn({ reason: refusal.reason, error: refusal.error }, 'single sign-on refused');

  /** Redirects to where `work` leads, or, when the sign-in is refused, to the callback page that says why. */
  async function redirectOrRefuse(request: FastifyRequest, reply: FastifyReply, status: 302 | 303, work: () => Promise<string>) {
    try {
      return reply.redirect(await work(), status);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      logRefusal(request, error);
      return reply.redirect(`/oauth-callback?${new URLSearchParams({ error: error.error }).toString()}`, status);
    }
  }

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
    return describeAuth(auth);
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

  mountWorkspaceEndpoints({ app, db: deps.db, tags }, ssoSettingsEndpoints, {
    'GET /api/settings/organization/auth/saml': { guard: view, handle: (_, ctx) => getSamlSettings(ctx, deps.publicUrl) },
    'PUT /api/settings/organization/auth/saml': {
      guard: edit,
      message: 'sso.saved',
      handle: ({ body }, ctx, request) => saveSamlSettings(ctx, normaliseSamlBody(body), { ip: request.ip, publicUrl: deps.publicUrl }),
    },
    // Reads another server: no transaction is held open while it answers.
    'POST /api/settings/organization/auth/saml/metadata': { guard: edit, respond: ({ body }) => importIdpMetadata(body.metadata_url) },
    'GET /api/settings/organization/auth/cas': { guard: view, handle: async (_, _ctx, request) => casSettingsOf(request.auth!.workspace) },
    'PUT /api/settings/organization/auth/cas': {
      guard: edit,
      message: 'sso.saved',
      handle: ({ body }, ctx, request) => saveCasSettings(ctx, body, request.ip),
    },
  });

  const signedIn = ({ data }: { data: AuthState }) => message('auth.signed_in', { name: data.userData.first_name });
  mountEndpoints({ app, tags }, ssoSignInEndpoints, {
    'GET /api/sso/saml/:workspace/metadata': {
      guard: guards.public,
      sendsFile: 'application/samlmetadata+xml',
      respond: async ({ params }, _request, reply) => {
        if (!(await findWorkspace(deps.db, params.workspace))) throw notFound();
        return reply
          .type('application/samlmetadata+xml; charset=utf-8')
          .header('content-disposition', 'attachment; filename="vigil-sp-metadata.xml"')
          .send(await serviceProviderMetadata(serviceProviderOf(deps.publicUrl, params.workspace)));
      },
    },
    'GET /api/sso/:workspace/login': {
      guard: guards.public,
      redirects: true,
      respond: ({ params, query }, request, reply) =>
        redirectOrRefuse(request, reply, 302, async () => {
          const state = randomToken();
          const location = await startSignIn(deps, params.workspace, safeTarget(query.target), sha256(state));
          reply.setCookie(STATE_COOKIE, state, { path: '/api', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, maxAge: 600 });
          return location;
        }),
    },
    // The IdP's page posts an HTML form here (HTTP-POST binding): a cross-site form post by design,
    // it carries no session and no anti-forgery token.
    'POST /api/sso/saml/:workspace/acs': {
      guard: guards.public,
      formPost: true,
      xsrfExempt: true,
      redirects: true,
      respond: ({ params, body }, request, reply) =>
        redirectOrRefuse(request, reply, 303, () => finishSamlSignIn(deps, params.workspace, body)),
    },
    'GET /api/user/auth/sso/:assertion': {
      guard: guards.public,
      tags: ['auth', ...tags],
      message: signedIn,
      respond: ({ params }, request, reply) => redeem(request, reply, () => redeemHandoff(deps, params.assertion, stateOf(request))),
    },
    'GET /api/user/auth/cas/:assertion': {
      guard: guards.public,
      tags: ['auth', ...tags],
      message: signedIn,
      respond: ({ params, query }, request, reply) =>
        redeem(request, reply, () =>
          redeemCasTicket(deps, {
            ticket: params.assertion,
            workspaceId: query.workspace,
            target: safeTarget(query.target),
            binding: stateOf(request),
          }),
        ),
    },
  });
}
