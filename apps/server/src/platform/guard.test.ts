import { FEATURE_REQUIRED_PLAN, featuresOfPlan, type Permission, type Plan, type PlanFeature } from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { makeWebDist, WEB_DIST_SCRIPT_PATH } from '../test/web-dist.ts';
import type { AuthContext } from './auth/sessions.ts';
import { AppError } from './errors.ts';
import { enforceGuard, guards, withFeature, type Guard, type RouteRecord } from './guard.ts';
import { translator } from './i18n/index.ts';

const methodsOf = (route: RouteRecord) => (Array.isArray(route.method) ? route.method : [route.method]).join(',');
const unguarded = (routes: RouteRecord[]) => routes.filter((route) => !route.guard).map((route) => `${methodsOf(route)} ${route.url}`);

describe('every registered route declares a guard', () => {
  let t: TestApp;
  let webDist: ReturnType<typeof makeWebDist>;
  beforeAll(async () => {
    // With a built web app, so the static-file routes are registered and walked too.
    webDist = makeWebDist();
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist.dir } });
  });
  afterAll(async () => {
    await t.close();
    webDist.remove();
  });

  it('collects the routes of the app, the documentation and the web app', () => {
    const urls = t.routes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/login', '/api/user/auth', '/api/user/logout', '/api/openapi.json']),
    );
    expect(urls.some((url) => url.startsWith('/api/docs'))).toBe(true);
    expect(urls.some((url) => url === '/*')).toBe(true);
  });

  it('finds no route without a guard', () => {
    expect(unguarded(t.routes), 'routes without a guard (declare config.guard)').toEqual([]);
  });

  it('records the guard each route enforces', () => {
    const guardOf = (method: string, url: string) =>
      t.routes.find((route) => route.url === url && methodsOf(route).split(',').includes(method))?.guard;
    expect(guardOf('POST', '/api/login')).toEqual(guards.public);
    expect(guardOf('GET', '/api/user/auth')).toEqual(guards.signedIn);
    expect(guardOf('GET', '/api/docs')).toEqual(guards.public);
    expect(guardOf('GET', '/*')).toEqual(guards.public);
  });

  it('lets anyone read the public documentation and web app files', async () => {
    const client = t.agent();
    expect((await client.get('/api/docs/json')).statusCode).toBe(200);
    const asset = await client.get(WEB_DIST_SCRIPT_PATH);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('vigil');
    const page = await client.get('/inspections/42');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('the walk itself fails on a route that declares nothing', () => {
    const routes: RouteRecord[] = [
      { method: 'GET', url: '/api/fine', guard: guards.public },
      { method: ['GET', 'HEAD'], url: '/api/forgotten', guard: undefined },
    ];
    expect(unguarded(routes)).toEqual(['GET,HEAD /api/forgotten']);
  });
});

function fakeAuth(permissions: Permission[], plan: Plan): AuthContext {
  return {
    sessionId: 'session',
    ssoWorkspaceId: null,
    user: {} as AuthContext['user'],
    workspace: {} as AuthContext['workspace'],
    permissions: new Set(permissions),
    features: featuresOfPlan(plan),
  };
}

function fakeRequest(guard: Guard | undefined, auth: AuthContext | null, is404 = false): FastifyRequest {
  return { is404, routeOptions: { config: { guard } }, auth } as unknown as FastifyRequest;
}

function refusal(guard: Guard | undefined, auth: AuthContext | null): AppError | undefined {
  try {
    enforceGuard(fakeRequest(guard, auth));
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('enforceGuard', () => {
  const member = fakeAuth(['INS_VIEW_INSPECTION_LIST'], 'free');

  it('lets anyone through a public route', () => {
    expect(refusal(guards.public, null)).toBeUndefined();
    expect(refusal(guards.public, member)).toBeUndefined();
  });

  it('refuses a signed-in route without a session with 401 USR_UNAUTHENTICATED', () => {
    expect(refusal(guards.signedIn, null)).toMatchObject({ status: 401, code: 'USR_UNAUTHENTICATED' });
    expect(refusal(guards.signedIn, member)).toBeUndefined();
  });

  it.each<[string, Permission[], number | undefined]>([
    ['none of the listed permissions', ['INS_VIEW_INSPECTION_LIST'], 403],
    ['no permission at all', [], 403],
    ['the first listed permission', ['USR_MANAGE_USER'], undefined],
    ['the second listed permission only', ['USR_VIEW_USER_LIST'], undefined],
    ['both', ['USR_MANAGE_USER', 'USR_VIEW_USER_LIST'], undefined],
  ])('anyOf with %s', (_title, held, status) => {
    const error = refusal(guards.anyOf('USR_MANAGE_USER', 'USR_VIEW_USER_LIST'), fakeAuth(held, 'enterprise'));
    if (status === undefined) expect(error).toBeUndefined();
    else expect(error).toMatchObject({ status: 403, code: '_FORBIDDEN' });
  });

  it('anyOf without a session answers 401 before 403', () => {
    expect(refusal(guards.anyOf('USR_MANAGE_USER'), null)).toMatchObject({ status: 401, code: 'USR_UNAUTHENTICATED' });
  });

  it.each<[PlanFeature, Plan]>([
    ['ckl_rule', 'free'],
    ['app_sso', 'standard'],
    ['ana_reports', 'premium'],
  ])('refuses the feature %s on the %s plan with 403 PLAN_FEATURE_REQUIRED', (feature, plan) => {
    const error = refusal(withFeature(guards.signedIn, feature), fakeAuth([], plan));
    const required = FEATURE_REQUIRED_PLAN[feature];
    expect(error).toMatchObject({ status: 403, code: 'PLAN_FEATURE_REQUIRED', data: { feature, required_plan: required } });
    for (const language of ['en', 'fr', 'de', 'ar'] as const) {
      const message = translator(language)(error!.messageKey, error!.params);
      expect(message).toContain(feature);
      expect(message).toContain(required);
      expect(message).not.toMatch(/\{\w+\}/);
    }
  });

  it('lets a feature through on a plan that includes it', () => {
    expect(refusal(withFeature(guards.signedIn, 'ckl_rule'), fakeAuth([], 'standard'))).toBeUndefined();
    expect(
      refusal(withFeature({ anyOf: ['CKL_MANAGE_TEMPLATES'] }, 'ana_reports'), fakeAuth(['CKL_MANAGE_TEMPLATES'], 'enterprise')),
    ).toBeUndefined();
  });

  it('checks the permission before the plan feature', () => {
    const error = refusal(withFeature({ anyOf: ['CKL_MANAGE_TEMPLATES'] }, 'ckl_rule'), fakeAuth([], 'free'));
    expect(error).toMatchObject({ status: 403, code: '_FORBIDDEN' });
  });

  it('refuses every request to a route that declares nothing', () => {
    expect(refusal(undefined, null)).toMatchObject({ status: 500, code: '_INTERNAL_ERROR' });
    expect(refusal(undefined, fakeAuth(['USR_MANAGE_USER'], 'enterprise'))).toMatchObject({ status: 500 });
  });

  it('leaves unknown paths to the not-found handler', () => {
    expect(() => enforceGuard(fakeRequest(undefined, null, true))).not.toThrow();
  });
});
