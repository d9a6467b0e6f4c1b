import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, type Plan } from '@vigil/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect, inject, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.ts';
import { createUser } from '../modules/users/index.ts';
import { addMember, createWorkspace } from '../modules/workspaces/index.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import { embeddedClientOptions, openDatabase, type Database } from '../platform/db.ts';
import { createScratchDatabase } from './postgres.ts';
import type { ThrottlePolicy } from '../platform/auth/throttle.ts';

export interface TestAppOptions {
  env?: Record<string, string>;
  throttlePolicy?: ThrottlePolicy;
}

/** A generous policy so ordinary tests never trip the sign-in throttle; throttle tests pass their own. */
const RELAXED_THROTTLE: ThrottlePolicy = {
  accountThreshold: 1000,
  addressThreshold: 1000,
  accountWideThreshold: 1000,
  windowMinutes: 15,
  baseDelaySeconds: 1,
  maxDelaySeconds: 1,
};

/** Opens a private copy of the migrated test database: on PostgreSQL for `server-pg`, else PGlite. */
export async function openTestDatabase(): Promise<Database> {
  const postgres = inject('postgres');
  if (postgres) {
    const scratch = await createScratchDatabase(postgres.serverUrl, `${postgres.template}_file`, postgres.template);
    const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 4 });
    return { ...database, close: () => database.close().then(() => scratch.drop()) };
  }
  const client = await PGlite.create({
    loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
    ...(await embeddedClientOptions()),
  });
  return openDatabase({ driver: 'pglite', client });
}

function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/vigil-test-data-${process.pid}`,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Test files share two loaded cores: the event loop lags without any flood. Shedding tests set their own.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '600000',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
}

export interface TestApp extends BuiltApp {
  database: Database;
  config: Config;
  /** A new client with its own cookie jar (session and anti-forgery token). */
  agent(options?: { language?: string }): Agent;
  /** A fresh workspace with a signed-in administrator. */
  asAdmin(options?: { plan?: Plan }): Promise<SignedIn>;
  /** A signed-in member holding only the workspace's default role. */
  asMember(workspaceId: string): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface SignedIn {
  agent: Agent;
  email: string;
  password: string;
  userId: string;
  workspaceId: string;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig(options.env);
  const built = await buildApp({
    config,
    database,
    logger: false,
    throttlePolicy: options.throttlePolicy ?? RELAXED_THROTTLE,
  });
  await built.app.ready();

  const agent = (agentOptions: { language?: string } = {}) => new Agent(built, agentOptions.language);

  async function signIn(email: string, password: string, workspaceId: string, userId: string): Promise<SignedIn> {
    const client = agent();
    const response = await client.post('/api/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return { agent: client, email, password, userId, workspaceId };
  }

  return {
    ...built,
    database,
    config,
    agent,
    async asAdmin({ plan = 'enterprise' } = {}) {
      const email = uniqueEmail('admin');
      const password = 'correct horse battery staple';
      const { user, workspace } = await database.db.transaction(async (tx) => {
        const user = await createUser(tx, { email, firstName: 'Ada', lastName: 'Admin', password });
        const workspace = await createWorkspace(tx, { name: `Workspace ${email}`, branch: 'DE', plan, ownerId: user.id });
        return { user, workspace };
      });
      return signIn(email, password, workspace.id, user.id);
    },
    async asMember(workspaceId) {
      const email = uniqueEmail('member');
      const password = 'member password 123';
      const user = await database.db.transaction(async (tx) => {
        const user = await createUser(tx, { email, firstName: 'Max', lastName: 'Member', password });
        await addMember({ workspaceId, actor: { userId: user.id, permissions: new Set() }, tx }, user.id);
        return user;
      });
      return signIn(email, password, workspaceId, user.id);
    },
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call to probe: method, path and, for writes, a body that would otherwise be valid. */
export type ProbedRoute = readonly [method: Method, url: string, body?: unknown];

/**
 * The two refusals every permission-guarded endpoint owes: 401 without a session, and 403 to a
 * member of the workspace (default role) who lacks the permission. `context` is read when the
 * tests run, after the file's `beforeAll` has built the app. `stranger` makes the member refused
 * when the default role holds the permission (then a role without it is made).
 */
export function itRefusesStrangers(
  routes: readonly ProbedRoute[],
  context: () => { t: TestApp; workspaceId: string },
  permission: string,
  stranger: (t: TestApp, workspaceId: string) => Promise<SignedIn> = (t, workspaceId) => t.asMember(workspaceId),
): void {
  const cases = routes.map(([method, url, body]) => [method, url, body] as [Method, string, unknown]);
  it.each(cases)('%s %s answers 401 without a session', async (method, url, body) => {
    const response = await context().t.agent().request(method, url, body);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('USR_UNAUTHENTICATED');
  });
  it.each(cases)(`%s %s answers 403 to a member without ${permission}`, async (method, url, body) => {
    const { t, workspaceId } = context();
    const member = await stranger(t, workspaceId);
    const response = await member.agent.request(method, url, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('_FORBIDDEN');
  });
}

/** Drives the app like a browser: keeps cookies and echoes the anti-forgery token. */
export class Agent {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly built: BuiltApp,
    private readonly language?: string,
  ) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE);
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** The value of a cookie this browser holds. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Plants a cookie, as someone editing their browser's cookies would. */
  plantCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', url, body, headers);
  }

  put(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request('PUT', url, body, headers);
  }

  delete(url: string, headers: Record<string, string> = {}) {
    return this.request('DELETE', url, undefined, headers);
  }

  /** Sends without the anti-forgery header (a forged cross-site request). */
  async forged(method: Method, url: string, body?: unknown) {
    return this.request(method, url, body, {}, false);
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    withXsrf = true,
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && withXsrf && !this.xsrfToken) await this.request('GET', '/api/health');
    const response = await this.built.app.inject({
      method,
      url,
      headers: {
        ...(this.language ? { 'accept-language': this.language } : {}),
        ...(method !== 'GET' && withXsrf && this.xsrfToken ? { [XSRF_HEADER]: this.xsrfToken } : {}),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      cookies: Object.fromEntries(this.cookies),
      ...(body === undefined ? {} : { payload: body as string | object }),
    });
    for (const cookie of response.cookies) {
      if (cookie.expires && cookie.expires.getTime() <= Date.now()) this.cookies.delete(cookie.name);
      else if (cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}
