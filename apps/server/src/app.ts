import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Language } from '@vigil/contracts';
import { SERVER_MODULES } from './modules.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { createSessionStore } from './platform/auth/sessions.ts';
import { createKnownDevices } from './platform/auth/known-devices.ts';
import { createLoginThrottle, DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from './platform/auth/throttle.ts';
import { registerXsrfGuard } from './platform/auth/xsrf.ts';
import { deriveTwoFactorKeys } from './platform/auth/two-factor-codes.ts';
import { registerCompression } from './platform/compression.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerSlowBodyGuards, timeoutOptions } from './platform/http-timeouts.ts';
import { registerInputLimits } from './platform/input-limits.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createFileStore, createStorage, registerFileRoutes, sweepStaleUploads } from './platform/files/index.ts';
import { collectRoutes, enforceGuard } from './platform/guard.ts';
import { pickLanguage, translator, type Translate } from './platform/i18n/index.ts';
import { createImports, registerImportRoutes } from './platform/imports/index.ts';
import { openJobQueue, type QueueDefinition } from './platform/jobs/queue.ts';
import { createMailDelivery, MAIL_QUEUE, requeueStrandedMail } from './platform/mail/outbox.ts';
import type { ModuleServices } from './platform/module.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerOverloadProtection } from './platform/overload.ts';
import { createPdfPrinter } from './platform/pdf/index.ts';
import { DEFAULT_WEB_DIST } from './platform/paths.ts';
import { parseQueryString } from './platform/query-string.ts';
import { registerWebApp, wantsSinglePageApp } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    t: Translate;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass a tighter or looser policy; production uses the default. */
  throttlePolicy?: ThrottlePolicy;
  logger?: boolean;
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Builds the whole application (API, job worker, web app) without listening. */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...timeoutOptions(config),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { querystringParser: parseQueryString },
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerInputLimits(app);
  const routes = collectRoutes(app);

  const secureCookies = config.PUBLIC_URL.startsWith('https://');
  const sessions = createSessionStore(database.db, {
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  });
  const throttle = createLoginThrottle(database.db, options.throttlePolicy ?? DEFAULT_THROTTLE_POLICY);

  app.decorateRequest('language', 'en');
  app.decorateRequest('t', null as unknown as Translate);
  app.decorateRequest('auth', null);

  await app.register(cookie);
  const xsrf = registerXsrfGuard(app, config.SESSION_SECRET, secureCookies);
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the page compile WebAssembly (the checklist renderer's barcode reader, served
        // from here); it allows no eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Photos are compressed in a worker the library starts from a blob: URL (its script served from here).
        workerSrc: ["'self'", 'blob:'],
        // A picked video's or sound's length is read from a blob: URL of the local file before it is uploaded.
        mediaSrc: ["'self'", 'blob:'],
        // antd writes its theme as <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    hsts: secureCookies,
  });

  await registerCompression(app);
  registerSlowBodyGuards(app, config);
  app.addHook('onRequest', async (request, reply) => {
    request.language = pickLanguage(request.headers['accept-language'], config.DEFAULT_LANGUAGE);
    request.t = translator(request.language);
    reply.header('x-request-id', request.id);
    xsrf.ensureCookie(request, reply);
  });
  // Shedding and the rate limit answer before any database work of the request.
  await registerOverloadProtection(app, config);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    if (!request.routeOptions.config.xsrfExempt) xsrf.check(request);
    const token = request.routeOptions.config.sessionless ? undefined : request.cookies.vigil_session;
    request.auth = token ? await sessions.authenticate(token) : null;
    enforceGuard(request);
  });

  registerErrorHandler(app);
  await registerOpenApi(app);

  const files = createFileStore({
    db: database.db,
    storage: await createStorage(config),
    dataDir: config.DATA_DIR,
    uploadLimits: { perUser: config.UPLOADS_PER_USER, perAddress: config.UPLOADS_PER_ADDRESS },
  });
  await sweepStaleUploads(config.DATA_DIR, config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000);

  const imports = createImports(database, files.withUploadSlot);
  const moduleQueues: QueueDefinition[] = [];
  const pdf = createPdfPrinter({ executablePath: config.CHROMIUM_PATH, logger: app.log });
  const services: ModuleServices = {
    config,
    database,
    db: database.db,
    sessions,
    throttle,
    knownDevices: createKnownDevices(config.SESSION_SECRET, secureCookies),
    twoFactorKeys: deriveTwoFactorKeys(config.SESSION_SECRET),
    files,
    imports,
    jobs: { declare: (definition) => void moduleQueues.push(definition) },
    pdf,
    secureCookies,
    publicUrl: config.PUBLIC_URL,
  };
  for (const module of SERVER_MODULES) module.mount(app, services);
  registerFileRoutes(app, files);
  registerImportRoutes(app, imports);

  const indexHtml = await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    if (indexHtml && wantsSinglePageApp(request)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ code: '_OBJECT_NOT_FOUND', message: request.t('error.not_found') });
  });

  const mail = createMailDelivery(database.db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log });
  const worker = await openJobQueue(database, [{ name: MAIL_QUEUE, handler: mail.handler }, imports.queue, ...moduleQueues], {
    logger: app.log,
  });
  const requeued = await requeueStrandedMail(database.db);
  if (requeued > 0) app.log.info({ count: requeued }, 'mail left without a delivery job queued again');
  app.addHook('onClose', async () => {
    await worker.stop();
    mail.close();
    await pdf.close();
  });

  return { app, worker, routes };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
