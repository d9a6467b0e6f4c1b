/**
 * The yardstick of request-cost.bench.ts: `GET /api/checklist/template/{id}` answered by a bare
 * node:http server sending the SQL Vigil sends for it through `pg` (named prepared statements, no
 * framework, no ORM): the session look-up of `platform/auth/sessions.ts` and the template read of
 * `templates.repo.ts`, column for column. It checks what Vigil checks (session, membership,
 * permission) and answers the same JSON, so the difference between the two is Vigil's own cost.
 * Started by the bench as its own process: `DATABASE_URL`, `PORT`, `SESSION_IDLE_MINUTES`.
 */
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const idleMs = Number(process.env.SESSION_IDLE_MINUTES ?? 720) * 60_000;

const SESSION_SQL = `select "sessions"."id", "sessions"."user_id", "sessions"."current_workspace_id", "sessions"."sso_workspace_id", "sessions"."ip", "sessions"."user_agent", "sessions"."created_at", "sessions"."last_seen_at", "sessions"."expires_at", "users"."id", "users"."email", "users"."first_name", "users"."last_name", "users"."nick_name", "users"."avatar", "users"."gender", "users"."birth_date", "users"."mobile", "users"."locale", "users"."tz_code", "users"."preferences", "users"."password_hash", "users"."last_workspace_id", "users"."created_at", "users"."updated_at", "workspaces"."id", "workspaces"."name", "workspaces"."branch", "workspaces"."plan", "workspaces"."trial_plan", "workspaces"."trial_ends_at", "workspaces"."app_settings", "workspaces"."two_factor_required", "workspaces"."created_at", "workspaces"."updated_at", (
  select array_agg(distinct p) from "member_roles"
  join "roles" on "roles"."workspace_id" = "member_roles"."workspace_id" and "roles"."id" = "member_roles"."role_id"
  cross join unnest("roles"."permissions") as p
  where "member_roles"."workspace_id" = "workspaces"."id" and "member_roles"."user_id" = "users"."id"
) from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" inner join "workspaces" on "workspaces"."id" = "sessions"."current_workspace_id" inner join "memberships" on ("memberships"."workspace_id" = "workspaces"."id" and "memberships"."user_id" = "users"."id" and "memberships"."status" = 'active') where ("sessions"."id" = $1 and "sessions"."expires_at" > $2 and "sessions"."last_seen_at" > $3) limit 1`;

const TEMPLATE_SQL = `select "workspace_id", "id", "parent_id", "title", "description", "language", "document", "revision", "has_draft", "need_merge_request", "published", "contains_asset", "has_draft_translations", "latest_version_id", "archived_at", "deleted_at", "created_by", "updated_by", "created_at", "updated_at" from "templates" where ("templates"."workspace_id" = $1 and "templates"."deleted_at" is null and "templates"."id" = $2)`;

const VERSION_SQL = `select "workspace_id", "id", "template_id", "version", "title", "revision", "published_by", "created_at" from "template_versions" where ("template_versions"."workspace_id" = $1 and "template_versions"."id" = $2)`;

const TEMPLATE_URL = /^\/api\/checklist\/template\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const PERMISSIONS_COLUMN = 35;
const WORKSPACE_COLUMN = 25;

function sessionToken(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === 'vigil_session') return value;
  }
  return undefined;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** The columns of TEMPLATE_SQL and VERSION_SQL that the answer reads, as `pg` returns them. */
interface TemplateRow {
  id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  language: string;
  document: Record<string, unknown>;
  revision: number;
  has_draft: boolean;
  need_merge_request: boolean;
  published: boolean;
  contains_asset: boolean;
  has_draft_translations: boolean;
  latest_version_id: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface VersionRow {
  id: string;
  version: number;
  title: string;
  revision: number;
  created_at: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const server = createServer((request, response) => {
  const match = TEMPLATE_URL.exec(request.url ?? '');
  if (request.method !== 'GET' || !match) return answer(response, 404, { code: '_OBJECT_NOT_FOUND', message: 'Not found' });
  const token = sessionToken(request.headers.cookie);
  if (!token) return answer(response, 401, { code: 'USR_UNAUTHENTICATED', message: 'Sign in' });
  void (async () => {
    const now = new Date();
    const id = createHash('sha256').update(token).digest('hex');
    const session = await pool.query({
      name: 'session',
      text: SESSION_SQL,
      values: [id, now, new Date(now.getTime() - idleMs)],
      rowMode: 'array',
    });
    const row = session.rows[0] as unknown[] | undefined;
    if (!row) return answer(response, 401, { code: 'USR_UNAUTHENTICATED', message: 'Sign in' });
    if (!((row[PERMISSIONS_COLUMN] as string[] | null) ?? []).includes('CKL_MANAGE_TEMPLATES'))
      return answer(response, 403, { code: '_FORBIDDEN', message: 'Forbidden' });
    const workspaceId = row[WORKSPACE_COLUMN] as string;
    const templates = await pool.query<TemplateRow>({ name: 'template', text: TEMPLATE_SQL, values: [workspaceId, match[1]] });
    const template = templates.rows[0];
    if (!template) return answer(response, 404, { code: '_OBJECT_NOT_FOUND', message: 'Not found' });
    const version = template.latest_version_id
      ? (await pool.query<VersionRow>({ name: 'version', text: VERSION_SQL, values: [workspaceId, template.latest_version_id] })).rows[0]
      : undefined;
    answer(response, 200, {
      data: {
        ...template.document,
        id: template.id,
        template_id: template.id,
        title: template.title,
        description: template.description,
        revision: template.revision,
        parent_id: template.parent_id,
        has_draft: template.has_draft,
        published: template.published,
        need_merge_request: template.need_merge_request,
        language: template.language,
        contains_asset: template.contains_asset,
        has_draft_translations: template.has_draft_translations,
        created_at: iso(template.created_at),
        updated_at: iso(template.updated_at),
        archived_at: iso(template.archived_at),
        latest_version: version
          ? {
              version_id: version.id,
              version: version.version,
              version_title: version.title,
              revision: version.revision,
              published_at: iso(version.created_at),
            }
          : null,
      },
    });
  })().catch((error: unknown) => answer(response, 500, { code: '_INTERNAL_ERROR', message: String(error) }));
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
// A clean exit, so that a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
