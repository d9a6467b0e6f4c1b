/**
 * Share links of a report (docs/inspections.md "Shares"): a random token of 32 bytes behind the
 * workspace's id, of which only the SHA-256 is kept; revocable, with an optional expiry. The PDF job
 * opens the print view through a short-lived link of its own (`render`), removed after the print.
 */
import { sharedReportPath, SHARE_TOKEN_LENGTH, SHARES_PER_INSPECTION_MAX, type NewShareAnswer, type Share } from '@vigil/contracts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Executor } from '../../platform/db.ts';
import { message, notFound, validationFailed } from '../../platform/errors.ts';
import { recordActivity } from '../../platform/activity-log/index.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import { peopleByIds } from '../users/index.ts';
import { assertNotArchived, openable } from './inspection-access.ts';
import * as reports from './inspection-reports.repo.ts';
import type { ShareRow } from './inspection-reports.repo.ts';
import * as repo from './inspections.repo.ts';
import type { InspectionRow } from './inspections.repo.ts';

/** Who acts in a workspace for a share link's reader or a job: nobody signed in. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';
/** The print view's own link lives this long (a print takes seconds; a worker that dies leaves it to expire). */
const RENDER_SHARE_MINUTES = 10;

const TOKEN = /^[A-Za-z0-9_-]+$/;
const WORKSPACE_PART = 22;

/** A new token for a workspace: its id (16 bytes, base64url) then 32 random bytes; and its hash, the only thing kept. */
export function newShareToken(workspaceId: string): { token: string; hash: string } {
  const token = Buffer.from(workspaceId.replaceAll('-', ''), 'hex').toString('base64url') + randomToken(32);
  return { token, hash: sha256(token) };
}

/** The workspace a token names, or null for anything that is not a token. */
function workspaceOfToken(token: string): string | null {
  if (token.length !== SHARE_TOKEN_LENGTH || !TOKEN.test(token)) return null;
  const hex = Buffer.from(token.slice(0, WORKSPACE_PART), 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function statusOf(row: ShareRow, now: Date): Share['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
}

async function describeShares(ctx: TenantContext, rows: readonly ShareRow[]): Promise<Share[]> {
  const ids = [...new Set(rows.flatMap((row) => row.createdBy ?? []))];
  const names = new Map((await peopleByIds(ctx, ids)).map((person) => [person.id, person.name]));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    status: statusOf(row, now),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy ? { id: row.createdBy, name: names.get(row.createdBy) ?? '' } : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
}

async function openedInspection(ctx: TenantContext, id: string): Promise<InspectionRow> {
  return openable(ctx, await repo.findInspection(ctx, id));
}

export async function createShare(
  ctx: TenantContext,
  inspectionId: string,
  body: { expires_at?: string | null },
  options: { publicUrl: string; ip: string },
): Promise<NewShareAnswer> {
  const inspection = await openedInspection(ctx, inspectionId);
  assertNotArchived(inspection);
  const now = new Date();
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt <= now) throw validationFailed({ expires_at: [message('inspections.share_expiry_past')] });
  if ((await reports.countOpenShares(ctx, inspectionId, now)) >= SHARES_PER_INSPECTION_MAX) {
    throw validationFailed({ expires_at: [message('inspections.shares_limit', { max: SHARES_PER_INSPECTION_MAX })] });
  }
  const { token, hash } = newShareToken(ctx.workspaceId);
  const row = await reports.insertShare(ctx, { inspectionId, tokenHash: hash, purpose: 'link', createdBy: ctx.actor.userId, expiresAt });
  await recordActivity(ctx, {
    type: 'inspection.shared',
    objectType: 'inspection',
    objectId: inspectionId,
    after: { expires_at: expiresAt?.toISOString() ?? null },
    ip: options.ip,
  });
  const [share] = await describeShares(ctx, [row]);
  return { ...share, token, url: `${options.publicUrl}${sharedReportPath(token)}` };
}

export async function listSharesOf(ctx: TenantContext, inspectionId: string): Promise<Share[]> {
  await openedInspection(ctx, inspectionId);
  return describeShares(ctx, await reports.listShares(ctx, inspectionId));
}

/** Revokes a link (again: no change); it answers 404 from then on. */
export async function revokeShareOf(ctx: TenantContext, inspectionId: string, shareId: string, ip: string): Promise<Share> {
  await openedInspection(ctx, inspectionId);
  const share = await reports.findShare(ctx, inspectionId, shareId);
  if (!share) throw notFound();
  if (!share.revokedAt) {
    await reports.revokeShare(ctx, shareId, new Date());
    await recordActivity(ctx, { type: 'inspection.share_revoked', objectType: 'inspection', objectId: inspectionId, ip });
  }
  const [described] = await describeShares(ctx, [(await reports.findShare(ctx, inspectionId, shareId))!]);
  return described;
}

export interface SharedInspection {
  /** The workspace's context for reading (no transaction), acting as nobody. */
  ctx: TenantContext;
  share: ShareRow;
  inspection: InspectionRow;
  token: string;
}

/** The inspection an open share link shows; a token unknown, revoked or expired answers 404. */
export async function openSharedInspection(db: Executor, token: string): Promise<SharedInspection> {
  const workspaceId = workspaceOfToken(token);
  if (!workspaceId) throw notFound();
  const share = await reports.findOpenShareByHash(db, workspaceId, sha256(token), new Date());
  if (!share) throw notFound();
  const ctx: TenantContext = { workspaceId, actor: { userId: share.createdBy ?? NOBODY, permissions: new Set() }, tx: db };
  const inspection = await repo.findInspection(ctx, share.inspectionId);
  if (!inspection) throw notFound();
  return { ctx, share, inspection, token };
}

/** The print view's own link for one print; `remove` ends it. */
export async function openRenderShare(ctx: TenantContext, inspectionId: string): Promise<{ token: string; remove: () => Promise<void> }> {
  const { token, hash } = newShareToken(ctx.workspaceId);
  const expiresAt = new Date(Date.now() + RENDER_SHARE_MINUTES * 60_000);
  const row = await reports.insertShare(ctx, { inspectionId, tokenHash: hash, purpose: 'render', createdBy: null, expiresAt });
  return { token, remove: () => reports.deleteShare(ctx, row.id) };
}
