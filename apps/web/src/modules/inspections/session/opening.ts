import type { InspectionDetail } from '@vigil/contracts';
import { api, type CallOptions } from '../../../lib/api.ts';

/**
 * The inspection's load, asked as soon as the router knows the route (its `prefetch`), while the screen's code
 * still downloads: on a phone the two would otherwise come one after the other. Kept apart from `api.ts` so that
 * the route table, which every page loads, carries only this.
 */
const early = new Map<string, Promise<InspectionDetail>>();

/** The inspection with its pinned document (read as the server's domain read it) and its stored answers. */
export const fetchInspection = async (id: string, options?: CallOptions) =>
  (await api('GET /api/inspections/:id', { params: { id } }, options)).data;

/**
 * Starts the load of the inspection a navigation leads to; the latest navigation's load replaces an earlier one.
 * Quiet: a refusal or a missing inspection is left to the screen, which asks again and handles it as usual.
 */
export function openEarly(id: string): void {
  const load = fetchInspection(id, { silent: true, authRedirect: false, notFoundRedirect: false });
  // Not taken (the screen refused, the user went elsewhere): its failure is nobody's to handle.
  load.catch(() => undefined);
  early.set(id, load);
}

/** The early load of this inspection, taken once; without one, or when it failed, the inspection is asked again. */
export async function takeOpening(id: string): Promise<InspectionDetail> {
  const load = early.get(id);
  early.delete(id);
  if (load) {
    try {
      return await load;
    } catch {
      // Asked again below, with the usual handling of errors (sign-in, not found, a toast).
    }
  }
  return fetchInspection(id);
}
