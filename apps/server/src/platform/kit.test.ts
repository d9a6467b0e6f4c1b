import cookie from '@fastify/cookie';
import { defineEndpoints, RedirectAnswerSchema } from '@vigil/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { message } from './errors.ts';
import { collectRoutes, guards, type RouteRecord } from './guard.ts';
import type { App } from './http.ts';
import { translator } from './i18n/index.ts';
import { mountEndpoints } from './kit.ts';

const NameSchema = z.object({ name: z.string().max(20) });

/** A module of calls outside any workspace, one of each kind the kit mounts there. */
const endpoints = defineEndpoints({
  'GET /api/kit/ping': { summary: 'Public, answers JSON', response: z.object({ pong: z.boolean() }) },
  'POST /api/kit/sign-in': { summary: 'Sets a cookie and greets by name', body: NameSchema, response: NameSchema },
  'GET /api/kit/away': { summary: 'Redirects', response: RedirectAnswerSchema },
  'POST /api/kit/form': { summary: 'Takes an HTML form post and redirects', body: NameSchema, response: RedirectAnswerSchema },
  'POST /api/kit/json': { summary: 'Takes JSON only', body: NameSchema, response: NameSchema },
});

function bareApp(): App {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('t', null as never);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.t = translator('en');
  });
  return app;
}

describe('mountEndpoints: calls outside any workspace', () => {
  let app: App;
  let routes: RouteRecord[];
  const configs = new Map<string, unknown>();
  beforeAll(async () => {
    app = bareApp();
    routes = collectRoutes(app);
    app.addHook('onRoute', (route) => void configs.set(route.url, route.config));
    await app.register(cookie);
    mountEndpoints({ app, tags: ['kit'] }, endpoints, {
      'GET /api/kit/ping': { guard: guards.public, handle: async () => ({ pong: true }) },
      'POST /api/kit/sign-in': {
        guard: guards.public,
        message: ({ data }) => message('auth.signed_in', { name: data.name }),
        respond: async ({ body }, _request, reply) => {
          reply.setCookie('kit_session', body.name, { path: '/api', httpOnly: true });
          return { name: body.name };
        },
      },
      'GET /api/kit/away': {
        guard: guards.public,
        redirects: true,
        tags: ['kit', 'elsewhere'],
        respond: async (_, _request, reply) => reply.redirect('/there', 302),
      },
      'POST /api/kit/form': {
        guard: guards.public,
        formPost: true,
        redirects: true,
        xsrfExempt: true,
        respond: async ({ body }, _request, reply) => reply.redirect(`/hello/${body.name}`, 303),
      },
      'POST /api/kit/json': { guard: guards.signedIn, handle: async ({ body }) => body },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const routeOf = (url: string) => routes.find((route) => route.url === url)!;

  it('answers a public call in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/kit/ping' });
    expect(response.json()).toEqual({ data: { pong: true } });
    expect(routeOf('/api/kit/ping').guard).toEqual(guards.public);
  });

  it('lets a handler set a cookie on the reply, and makes the message from the answer', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/kit/sign-in', payload: { name: 'Ada' } });
    expect(response.json()).toEqual({ data: { name: 'Ada' }, message: 'Welcome back, Ada!' });
    expect(response.cookies).toEqual([expect.objectContaining({ name: 'kit_session', value: 'Ada', path: '/api', httpOnly: true })]);
  });

  it('answers a redirect without an envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/kit/away' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/there');
    expect(response.body).toBe('');
    expect(routeOf('/api/kit/away').schema).not.toHaveProperty('response');
  });

  it("names a call's own headings in the API reference, or the module's", () => {
    expect(routeOf('/api/kit/away').schema?.tags).toEqual(['kit', 'elsewhere']);
    expect(routeOf('/api/kit/ping').schema?.tags).toEqual(['kit']);
  });

  it('parses a form post into the body its schema checks', async () => {
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/api/kit/form', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const response = await post('name=Ada+L&other=1');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/hello/Ada L');
    expect((await post(`name=${'x'.repeat(21)}`)).statusCode).toBe(400);
    expect(routeOf('/api/kit/form').schema?.consumes).toEqual(['application/x-www-form-urlencoded']);
  });

  it('takes a form post only where a call declares it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/kit/json',
      payload: 'name=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('marks only the calls that skip the anti-forgery check, and each route with the key it was mounted from', () => {
    expect(configs.get('/api/kit/form')).toEqual({ guard: guards.public, endpoint: 'POST /api/kit/form', xsrfExempt: true });
    expect(configs.get('/api/kit/sign-in')).toEqual({ guard: guards.public, endpoint: 'POST /api/kit/sign-in' });
  });

  it('refuses to mount a call that skips the anti-forgery check but needs a session', () => {
    const mount = () =>
      mountEndpoints(
        { app: bareApp(), tags: ['kit'] },
        { 'POST /api/kit/json': endpoints['POST /api/kit/json'] },
        {
          'POST /api/kit/json': { guard: guards.signedIn, xsrfExempt: true, respond: async ({ body }) => body },
        },
      );
    expect(mount).toThrow('POST /api/kit/json: only a public call may skip the anti-forgery check');
  });
});
