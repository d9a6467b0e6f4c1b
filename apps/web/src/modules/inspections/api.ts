import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  INSPECTION_TABLES,
  type AnswersSave,
  type BulkSelection,
  type InspectionBulkDelete,
  type ListQueryInput,
  type NewInspection,
  type Permission,
} from '@vigil/contracts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, apiKey, everyAnswerOf } from '../../lib/api.ts';

/** Who may start an inspection (and so conduct it): the conductors, and the managers who may do anything. */
export const START_PERMISSIONS: readonly Permission[] = ['INS_CONDUCT_INSPECTIONS', 'INS_MANAGE_INSPECTIONS'];

export const inspectionPath = (id: string) => `/inspections/${id}`;
export const INSPECTIONS_PATH = '/inspections';
export const ARCHIVE_PATH = '/inspections/archive';
export const START_PATH = '/inspections/start';

/** One page of inspections, in use or archived. Silent: the table shows a failed load itself. */
export const loadInspections = async (archived: boolean, query: ListQueryInput) =>
  (await api(archived ? 'GET /api/inspections/archive' : 'GET /api/inspections/list', { query })).data;

export const loadStartableTemplates = async (q: string) =>
  (await api('GET /api/inspections/templates', { query: q ? { q: q.slice(0, 100) } : {} }, { silent: true })).data;

/** Templates the user may start, by title (50 at most); the last answer stays while the next search loads. */
export const useStartableTemplates = (q: string) =>
  useQuery({
    queryKey: apiKey('GET /api/inspections/templates', { query: q ? { q: q.slice(0, 100) } : {} }),
    queryFn: () => loadStartableTemplates(q),
    placeholderData: keepPreviousData,
  });

const LIST_TABLES = [INSPECTION_TABLES.inspections, INSPECTION_TABLES.archive];

/** A change to inspections reloads both lists and every inspection shown. */
function useInspectionMutation<V, R>(call: (variables: V) => Promise<R>) {
  return useListMutation(call, { tables: LIST_TABLES, queries: [everyAnswerOf('GET /api/inspections/:id')] });
}

export const useArchiveInspections = () =>
  useInspectionMutation((body: BulkSelection) => api('PUT /api/inspections/bulk-archive', { body }));
export const useRestoreInspections = () =>
  useInspectionMutation((body: BulkSelection) => api('PUT /api/inspections/bulk-restore', { body }));
export const useDeleteInspections = () =>
  useInspectionMutation((body: InspectionBulkDelete) => api('PUT /api/inspections/bulk-delete', { body }));
export const useArchiveInspection = () =>
  useInspectionMutation((id: string) => api('PUT /api/inspections/:id/archive', { params: { id } }));
export const useRestoreInspection = () =>
  useInspectionMutation((id: string) => api('PUT /api/inspections/:id/restore', { params: { id } }));
export const useDeleteInspection = () => useInspectionMutation((id: string) => api('DELETE /api/inspections/:id', { params: { id } }));

/** Starts an inspection (a new row in the lists) and answers it with its pinned document. */
export const useCreateInspection = () =>
  useInspectionMutation(async (body: NewInspection) => (await api('POST /api/inspections/new', { body })).data);

/** The inspection with its pinned document and stored answers. */
export const fetchInspection = async (id: string) => (await api('GET /api/inspections/:id', { params: { id } })).data;

/** One burst of answers. Silent: the screen shows refusals on the questions and network failures in its save state. */
export const saveAnswers = async (id: string, body: AnswersSave) =>
  (await api('PUT /api/inspections/:id/answers', { params: { id }, body }, { silent: true })).data;

/** Completes the inspection. Silent: a refusal names the missing answers, which the screen shows. */
export const finishInspection = async (id: string) =>
  (await api('POST /api/inspections/:id/finish', { params: { id } }, { silent: true })).data;
