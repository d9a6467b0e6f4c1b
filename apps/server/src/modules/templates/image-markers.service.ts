import { randomUUID } from 'node:crypto';
import { ImageMarkerSchema, type ImageMarker } from '@vigil/checklist';
import type { StoredFile } from '@vigil/contracts';
import { message, notFound, validationFailed } from '../../platform/errors.ts';
import { checkJsonShape } from '../../platform/json-body.ts';
import type { TenantContext } from '../../platform/tenancy.ts';
import * as repo from './templates.repo.ts';

export interface ImageMarkerFields {
  uuid?: string;
  /** JSON text of the marker's options, as the builder keeps them. */
  options?: string;
}

/** The marker's uuid and options from the multipart text fields; 422 on what cannot be read. */
export function readImageMarkerFields(fields: Record<string, string>): { uuid: string; options: unknown } {
  const uuid = fields.uuid?.trim() || randomUUID();
  if (uuid.length > 64) throw validationFailed({ uuid: [message('validation.too_long', { count: 64 })] });
  if (fields.options === undefined || fields.options === '') return { uuid, options: {} };
  checkJsonShape(fields.options);
  try {
    return { uuid, options: JSON.parse(fields.options) as unknown };
  } catch {
    throw validationFailed({ options: [message('validation.invalid')] });
  }
}

/**
 * A new image marker (spec 2 §7 "image-marker/new"): the picture is stored, the marker is answered
 * with its file. As with the other template parts nothing is written to the template: the builder
 * puts the marker in the document and the next autosave stores it.
 */
export async function newImageMarker(
  ctx: TenantContext,
  templateId: string,
  marker: { uuid: string; options: unknown },
  store: () => Promise<StoredFile>,
): Promise<ImageMarker> {
  if (!(await repo.findTemplateMeta(ctx, templateId))) throw notFound();
  const file = await store();
  return ImageMarkerSchema.parse({
    uuid: marker.uuid,
    file_id: file.id,
    options: marker.options,
    items: [],
    file: { id: file.id, name: file.name, url: file.url, is_file: true, created_at: file.created_at, mime: file.mime, size: file.size },
  });
}
