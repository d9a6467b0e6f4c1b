import {
  ensureHiddenPage,
  finalize,
  prepareForSave,
  TemplateDocumentSchema,
  unwrapRepeatables,
  type TemplateDocument,
} from '@vigil/checklist';
import type { SaveTemplateResult, Template } from '@vigil/contracts';
import { api } from '../../lib/api.ts';
import { isHttpError } from '../../lib/http.ts';
import type { SaveFailure } from './state/autosave.ts';

export interface LoadedTemplate {
  document: TemplateDocument;
  revision: number;
  published: boolean;
  hasDraft: boolean;
}

/** The saved draft as the editor holds it: repeatables unwrapped, derived fields current. */
export function toLoadedTemplate(template: Template): LoadedTemplate {
  const document = finalize(ensureHiddenPage(unwrapRepeatables(TemplateDocumentSchema.parse(template))));
  return { document, revision: template.revision, published: template.published, hasDraft: template.has_draft };
}

/** Autosave (spec 2 §7): the full document as saved plus the revision; template_id is not sent. The
 * answer names the problems the stored draft has. */
export async function saveTemplate(id: string, document: TemplateDocument, revision: number): Promise<SaveTemplateResult> {
  return (
    await api('POST /api/checklist/template/:id', { params: { id }, body: { ...prepareForSave(document), revision } }, { silent: true })
  ).data;
}

export async function publishTemplate(id: string, revision: number): Promise<unknown> {
  return (await api('POST /api/checklist/template/:id/publish', { params: { id }, body: { revision } })).data;
}

/**
 * CKL_REVISION_NOT_MATCH is the conflict of spec 2 §8; a 422 (a structurally broken document, which
 * the domain's operations never make) is a status naming how many fields; anything else is the
 * unexpected error. Problems of the content are not failures: the save answers them.
 */
export function classifySaveError(error: unknown): SaveFailure {
  if (isHttpError(error) && error.code === 'CKL_REVISION_NOT_MATCH') return { kind: 'conflict', message: error.message };
  if (isHttpError(error) && error.status === 422) return { kind: 'invalid', count: Math.max(1, Object.keys(error.fieldErrors).length) };
  return { kind: 'error', message: isHttpError(error) ? error.message : '' };
}
