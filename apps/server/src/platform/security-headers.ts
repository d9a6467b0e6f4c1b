import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers of the probe's answer that Fastify itself writes, not helmet. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers on every answer, errors and static files included. @fastify/helmet builds the
 * helmet middleware anew on every request (parsing the Content-Security-Policy directives each time,
 * 4 % of a template read's CPU); the options never change, so neither do the headers. They are taken
 * once, from helmet itself answering a probe request, and set on every reply from then on.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter((entry): entry is [string, string] => !OWN_HEADERS.has(entry[0]) && typeof entry[1] === 'string'),
  );
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
