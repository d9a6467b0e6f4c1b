import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { guards } from './guard.ts';
import type { App } from './http.ts';

/** The OpenAPI 3 document generated from the Zod contracts, and its reference page. */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Vigil API',
        version: '1.0.0',
        description:
          'Success answers are `{data, message?}`; errors are `{code, message, data?}` with the HTTP status. ' +
          'State-changing calls need the `X-XSRF-TOKEN` header echoing the `XSRF-TOKEN` cookie.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vigil_session' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/openapi.json', { config: { guard: guards.public }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    // Routes the documentation plugin adds are public reference pages.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), guard: guards.public };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;/, ''),
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  });
}
