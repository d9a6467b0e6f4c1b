import { getHeapStatistics } from 'node:v8';
import rateLimit from '@fastify/rate-limit';
import underPressure, { TYPE_EVENT_LOOP_DELAY } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { isApiUrl } from './web.ts';

/** Seconds a shed client is asked to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;
/** How often the event-loop delay and heap are sampled. */
const SAMPLE_INTERVAL_MS = 500;
const MB = 1024 * 1024;

/**
 * Keeps the server answering under a flood. Requests to the API and to stored files are shed with a
 * fast 503 while the event loop lags or the heap nears its limit, so the work already admitted
 * finishes instead of everything slowing down together; the health check, static assets and the web
 * app's index are always answered. The per-address rate limit counts API requests only: one page load
 * fetches dozens of static files, which would lock out an office behind one address.
 */
export async function registerOverloadProtection(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(underPressure, {
    sampleInterval: SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: config.LOAD_SHED_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: (config.LOAD_SHED_HEAP_MB ?? defaultHeapThresholdMb()) * MB,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: (request, reply, type, value) => {
      // under-pressure reports an infinite delay when no delay sample was taken at all: one long
      // synchronous task (start-up, opening the embedded database) spanned the whole interval. That
      // is over by the time this request runs; only measured lag is a flood.
      if (type === TYPE_EVENT_LOOP_DELAY && value === Infinity) return;
      if (!isShed(request)) return;
      // Nobody reads the body of a shed request: close the connection instead of draining it.
      void reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .header('connection', 'close')
        .send({ code: '_SERVICE_UNAVAILABLE', message: request.t('error.overloaded') });
    },
  });
  await app.register(rateLimit, {
    global: false,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => !isApiUrl(request.url),
  });
  // On every request, including unknown paths, and ahead of the session look-up (a route-level
  // limit would run after it).
  app.addHook('onRequest', app.rateLimit());
}

/** What costs work: the API (but the health check, which must stay fast) and stored files. */
function isShed(request: FastifyRequest): boolean {
  if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return false;
  return isApiUrl(request.url) || request.url.startsWith('/storage/');
}

/** 90 % of the heap V8 may use (set with --max-old-space-size): past that, garbage collection takes over. */
function defaultHeapThresholdMb(): number {
  return Math.floor((getHeapStatistics().heap_size_limit * 0.9) / MB);
}
