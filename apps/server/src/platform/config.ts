import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { LANGUAGES } from '@vigil/contracts';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default('en'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Time-outs against clients that send slowly (docs/operations.md): headers, the whole request, a stalled body. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(300),
  HTTP_BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
  /** Uploads received at the same time, per signed-in user and per client address; more answer 429. */
  UPLOADS_PER_USER: z.coerce.number().int().positive().default(4),
  UPLOADS_PER_ADDRESS: z.coerce.number().int().positive().default(16),
  /** API requests are shed with 503 while the event loop lags more than this on average (docs/operations.md). */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().positive().default(200),
  /** ... or while the JavaScript heap in use exceeds this; default 90 % of the heap limit. */
  LOAD_SHED_HEAP_MB: z.coerce.number().int().positive().optional(),
  DEMO_ADMIN_EMAIL: z.email().default('admin@vigil.local'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** The AI service that machine-translates templates (spec 2 §7: `POST /translate` on its own base URL). */
  AI_SERVICE_URL: z.url().optional(),
  AI_SERVICE_TOKEN: z.string().optional(),
  /** The Chromium the PDF reports are printed with (docs/operations.md "PDF reports"). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Where this server's own pages are opened by its job worker (the report's print view); default http://127.0.0.1:PORT. */
  INTERNAL_URL: z.url().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'PUBLIC_URL' | 'STORAGE_DIR' | 'INTERNAL_URL'> {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  INTERNAL_URL: string;
  STORAGE_DIR: string;
  /** Embedded database folder; unused when DATABASE_URL is set. */
  PGLITE_DIR: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; every problem is listed in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Rules across variables read the raw values, so they are reported together with the rest.
  if (cleaned.STORAGE_DRIVER === 's3' && !(cleaned.S3_BUCKET && cleaned.S3_ACCESS_KEY_ID && cleaned.S3_SECRET_ACCESS_KEY)) {
    problems.push('STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (cleaned.NODE_ENV === 'production' && !cleaned.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required when NODE_ENV=production');
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  return {
    ...values,
    DATA_DIR: dataDir,
    PGLITE_DIR: join(dataDir, 'db'),
    STORAGE_DIR: resolve(values.STORAGE_DIR ?? join(dataDir, 'files')),
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    INTERNAL_URL: (values.INTERNAL_URL ?? internalUrl(values.HOST, values.PORT)).replace(/\/$/, ''),
    SESSION_SECRET: values.SESSION_SECRET ?? readOrCreateLocalSecret(dataDir),
  };
}

/** The server as its own job worker reaches it: the loopback address when it listens on every interface. */
function internalUrl(host: string, port: number): string {
  if (['0.0.0.0', '::', '', 'localhost', '127.0.0.1'].includes(host)) return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Outside production a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
