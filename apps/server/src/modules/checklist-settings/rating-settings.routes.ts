import {
  IMAGE_MIME_TYPES,
  RATING_ICON_FIELD,
  RATING_ICON_MAX_BYTES,
  RatingSettingsBodySchema,
  ratingSettingsEndpoints,
  type RatingIcon,
  type RatingSettingsBody,
} from '@vigil/contracts';
import type { FastifyRequest } from 'fastify';
import { fieldErrorsFromIssues, message, validationFailed } from '../../platform/errors.ts';
import { checkJsonShape } from '../../platform/json-body.ts';
import type { FileStore, UploadRules } from '../../platform/files/index.ts';
import type { MemberGuard } from '../../platform/guard.ts';
import { mountWorkspaceEndpoints, type ModuleMount } from '../../platform/kit.ts';
import { inWorkspace } from '../../platform/tenancy.ts';
import { getRatingSettings, saveRatingSettings, updateRatingSettings } from './checklist-settings.service.ts';

/** Rating icons: small pictures, so no 10 KB minimum (docs/templates-api.md). */
const RATING_ICON_UPLOAD: UploadRules = { minBytes: 1, maxBytes: RATING_ICON_MAX_BYTES, types: IMAGE_MIME_TYPES };

/** The labels and order, from a JSON body or from the multipart text fields `rating` and `order` (JSON each). */
function readRatingBody(request: FastifyRequest, fields: Record<string, string> | null): RatingSettingsBody {
  let input: unknown = request.body;
  if (fields) {
    const parsed: Record<string, unknown> = {};
    for (const name of ['rating', 'order'] as const) {
      if (fields[name] === undefined) continue;
      checkJsonShape(fields[name]);
      try {
        parsed[name] = JSON.parse(fields[name]);
      } catch {
        throw validationFailed({ [name]: [message('validation.invalid')] });
      }
    }
    input = parsed;
  }
  const body = RatingSettingsBodySchema.safeParse(input ?? {});
  if (!body.success) throw validationFailed(fieldErrorsFromIssues(body.error.issues));
  return body.data;
}

/**
 * The rating settings. Saving takes JSON `{rating, order}`, or multipart with `rating` and `order` as
 * JSON text and icons as files `icons[n]`, n the rating level (spec 2 §7).
 */
export function mountRatingSettings(mount: ModuleMount, deps: { files: FileStore; guard: MemberGuard }): void {
  const { guard } = deps;
  mountWorkspaceEndpoints(mount, ratingSettingsEndpoints, {
    'GET /api/checklist/settings/ratings': {
      guard,
      handle: ({ query }, ctx, request) => getRatingSettings(ctx, query.preferred_lang ?? request.language),
    },
    'POST /api/checklist/settings/ratings': {
      guard,
      message: 'checklist.ratings_saved',
      multipart: { alsoJson: true },
      respond: (_, request) =>
        request.isMultipart()
          ? deps.files.withUpload(request, {
              rules: RATING_ICON_UPLOAD,
              fileField: (field) => RATING_ICON_FIELD.test(field),
              maxFiles: 5,
              requireFile: false,
              work: async (ctx, upload, store) => {
                const body = readRatingBody(request, upload.fields);
                const levels = upload.files.map((file) => Number(RATING_ICON_FIELD.exec(file.field)![1]));
                const repeated = upload.files.find((_file, index) => levels.indexOf(levels[index]) !== index);
                if (repeated) throw validationFailed({ [repeated.field]: [message('validation.invalid')] });
                const icons: RatingIcon[] = [];
                for (const [index, file] of upload.files.entries()) icons.push({ level: levels[index], file: await store(file) });
                return saveRatingSettings(ctx, body, request.ip, icons);
              },
            })
          : inWorkspace(mount.db, request.auth!, (ctx) => saveRatingSettings(ctx, readRatingBody(request, null), request.ip)),
    },
    'PUT /api/checklist/settings/ratings/:id': {
      guard,
      message: 'checklist.ratings_saved',
      handle: ({ params, body }, ctx, request) => updateRatingSettings(ctx, params.id, body, request.ip),
    },
  });
}
