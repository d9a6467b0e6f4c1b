import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INSPECTION_TABLES,
  type AnswersSave,
  type BulkSelection,
  type InspectionBulkDelete,
  type ListQueryInput,
  type NewInspection,
  type NewShare,
  type Permission,
} from '@vigil/contracts';
import { useListMutation } from '../../components/data-table/useListMutation.ts';
import { api, apiKey, downloadFile, everyAnswerOf, linkTo, useApi } from '../../lib/api.ts';
import type { PdfCalls } from './components/report/usePdfExport.ts';

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
  return useListMutation(call, {
    tables: LIST_TABLES,
    queries: [everyAnswerOf('GET /api/inspections/:id'), everyAnswerOf('GET /api/inspections/:id/report')],
  });
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

/** One burst of answers. Silent: the screen shows refusals on the questions and network failures in its save state. */
export const saveAnswers = async (id: string, body: AnswersSave) =>
  (await api('PUT /api/inspections/:id/answers', { params: { id }, body }, { silent: true })).data;

/** Completes the inspection. Silent: a refusal names the missing answers, which the screen shows. */
export const finishInspection = async (id: string) =>
  (await api('POST /api/inspections/:id/finish', { params: { id } }, { silent: true })).data;

// The report (docs/inspections.md "Report") -------------------------------------------------------

export const reportPath = (id: string) => `/inspections/${id}/view-report`;

/**
 * The report of an inspection as its reader sees it: the shown answers, their states, the branding. Read
 * again each time it is opened: coming back from a correction on the inspection screen shows it.
 */
export const useInspectionReport = (id: string) =>
  useQuery({
    queryKey: apiKey('GET /api/inspections/:id/report', { params: { id } }),
    queryFn: async () => (await api('GET /api/inspections/:id/report', { params: { id } })).data,
    staleTime: 0,
  });

/** One page of the edits after completion, newest first. */
export const HISTORY_PAGE_SIZE = 50;
export const loadHistory = async (id: string, page: number) =>
  (await api('GET /api/inspections/:id/history', { params: { id }, query: { page, limit: HISTORY_PAGE_SIZE } }, { silent: true })).data;

/** The shared report of a link. Silent and left to the page on a 404: an unknown, expired or revoked link says so itself. */
export const loadSharedReport = async (token: string) =>
  (await api('GET /api/shared/inspections/:token', { params: { token } }, { silent: true, notFoundRedirect: false })).data;

export const useShares = (id: string, enabled: boolean) => useApi('GET /api/inspections/:id/shares', { params: { id } }, { enabled });

const SHARES = (id: string) => apiKey('GET /api/inspections/:id/shares', { params: { id } });

export function useCreateShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewShare) => (await api('POST /api/inspections/:id/shares', { params: { id }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARES(id) }),
  });
}

export function useRevokeShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: string) => (await api('DELETE /api/inspections/:id/shares/:shareId', { params: { id, shareId } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARES(id) }),
  });
}

/** The last completed inspection of a template on an asset that a new one would carry answers over from, or null. */
export const usePrefillSource = (templateId: string, assetId: string | undefined) =>
  useApi(
    'GET /api/inspections/prefill',
    { query: { template_id: templateId, asset_id: assetId ?? '' } },
    { silent: true, enabled: assetId !== undefined },
  );

/** A member's PDF of an inspection's report: asked for, followed, fetched. Silent: the export shows what failed. */
export const memberPdfCalls = (id: string): PdfCalls => ({
  start: async (body) => (await api('POST /api/inspections/:id/pdf', { params: { id }, body }, { silent: true })).data,
  poll: async (jobId) => (await api('GET /api/inspections/pdf/:jobId', { params: { jobId } }, { silent: true })).data,
  download: (job) =>
    downloadFile('GET /api/inspections/pdf/:jobId/file', { params: { jobId: job.job_id } }, job.file?.name ?? 'report.pdf'),
  fileLink: (jobId) => linkTo('GET /api/inspections/pdf/:jobId/file', { params: { jobId } }),
});

/** The same through a share link, for someone without an account. */
export const sharedPdfCalls = (token: string): PdfCalls => ({
  start: async (body) => (await api('POST /api/shared/inspections/:token/pdf', { params: { token }, body }, { silent: true })).data,
  poll: async (jobId) =>
    (await api('GET /api/shared/inspections/:token/pdf/:jobId', { params: { token, jobId } }, { silent: true, notFoundRedirect: false }))
      .data,
  download: (job) =>
    downloadFile(
      'GET /api/shared/inspections/:token/pdf/:jobId/file',
      { params: { token, jobId: job.job_id } },
      job.file?.name ?? 'report.pdf',
    ),
  fileLink: (jobId) => linkTo('GET /api/shared/inspections/:token/pdf/:jobId/file', { params: { token, jobId } }),
});
