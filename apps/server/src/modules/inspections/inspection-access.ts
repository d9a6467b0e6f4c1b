/**
 * Who may do what with one inspection (docs/inspections.md "Who may do what"). The route's guard lets
 * in anyone holding one of the call's codes; these rules then look at the inspection itself.
 */
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import type { InspectionRow } from './inspections.repo.ts';

type Subject = Pick<InspectionRow, 'startedBy' | 'status' | 'archivedAt'>;

const holds = (ctx: TenantContext, code: string) => ctx.actor.permissions.has(code);

export const isManager = (ctx: TenantContext) => holds(ctx, 'INS_MANAGE_INSPECTIONS');

const isOwn = (ctx: TenantContext, inspection: Subject) => inspection.startedBy === ctx.actor.userId;

/** Whether the caller's lists show every inspection of the workspace, or only their own. */
export function seesEveryInspection(ctx: TenantContext): boolean {
  return isManager(ctx) || holds(ctx, 'INS_VIEW_INSPECTION_LIST');
}

/** Whether the caller may open every inspection in use read-only (not only their own). */
export function mayReadReports(ctx: TenantContext): boolean {
  return isManager(ctx) || holds(ctx, 'INS_VIEW_INSPECTION_REPORT');
}

/** Making, listing and revoking share links: a link shows the report to anyone who holds it, so only managers may. */
export const mayShare = isManager;

/** Opening read-only: one's own, any with the report or manage code, an archived one with the archive's code. */
export function mayOpen(ctx: TenantContext, inspection: Subject): boolean {
  return (
    isOwn(ctx, inspection) ||
    isManager(ctx) ||
    holds(ctx, 'INS_VIEW_INSPECTION_REPORT') ||
    (inspection.archivedAt !== null && holds(ctx, 'INS_VIEW_ARCHIVED_INSPECTIONS'))
  );
}

/** Answering, uploading and finishing, whatever the inspection's state: its auditor who conducts, or a manager. */
function mayConduct(ctx: TenantContext, inspection: Subject): boolean {
  return isManager(ctx) || (isOwn(ctx, inspection) && holds(ctx, 'INS_CONDUCT_INSPECTIONS'));
}

const archived = () => new AppError(409, 'INS_ARCHIVED', 'inspections.is_archived');
const completed = () => new AppError(409, 'INS_COMPLETED', 'inspections.is_completed');

/** An inspection the caller may open, else 404 (another's inspection says no more than another workspace's). */
export function openable<T extends Subject>(ctx: TenantContext, inspection: T | null): T {
  if (!inspection || !mayOpen(ctx, inspection)) throw notFound();
  return inspection;
}

/** An inspection the caller may answer: 404 if they may not open it, 403 if only read it. */
export function conductable<T extends Subject>(ctx: TenantContext, inspection: T | null): T {
  const opened = openable(ctx, inspection);
  if (!mayConduct(ctx, opened)) throw forbidden();
  return opened;
}

/** 409 unless the inspection takes answers now: not archived, and not completed unless a manager edits it. */
export function assertTakesAnswers(ctx: TenantContext, inspection: Subject): void {
  if (inspection.archivedAt) throw archived();
  if (inspection.status === 'completed' && !isManager(ctx)) throw completed();
}

/** 409 on an archived inspection: nothing of it changes until it is restored. */
export function assertNotArchived(inspection: Subject): void {
  if (inspection.archivedAt) throw archived();
}

/** 409 unless the inspection can be finished: neither archived nor completed already. */
export function assertFinishable(inspection: Subject): void {
  if (inspection.archivedAt) throw archived();
  if (inspection.status === 'completed') throw completed();
}

/** What the detail tells the screen. */
export function abilitiesOn(ctx: TenantContext, inspection: Subject): { answer: boolean; manage: boolean } {
  const takesAnswers = !inspection.archivedAt && (inspection.status !== 'completed' || isManager(ctx));
  return { answer: mayConduct(ctx, inspection) && takesAnswers, manage: isManager(ctx) };
}
