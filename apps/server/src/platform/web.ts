import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import { guards } from './guard.ts';
import type { App } from './http.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public route whose answer is the same for everyone (the web app's files): the session is neither looked up nor renewed. */
    sessionless?: true;
  }
}

/**
 * Serves the built web app's files and answers its index.html, which the not-found handler
 * sends for unknown non-API GETs so the client router takes over. Null when the app is not built.
 */
export async function registerWebApp(app: App, distDir: string): Promise<string | null> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      // A cold open asks for about a hundred files; reading the session for each cost the database a lookup.
      route.config = { ...(route.config as object), guard: guards.public, sessionless: true };
    });
    web.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml));
    await web.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of every compressible file (apps/web/vite-precompress.ts).
      preCompressed: true,
      setHeaders: (response, path) => {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });
  return indexHtml;
}

export function wantsSinglePageApp(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiUrl(request.url) && !request.url.startsWith('/storage/');
}

/** Whether a request URL (path and query) is under the API's base path `/api`. */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}
