import type { FastifyRequest } from 'fastify';
import { AppError, message, validationFailed } from '../errors.ts';

export interface SpreadsheetUpload {
  file: { buffer: Buffer; name: string };
  fields: Record<string, string>;
}

/** Multipart limits of a spreadsheet upload: one file of `maxBytes`, a few short fields. */
export const spreadsheetUploadLimits = (maxBytes: number) => ({
  limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 8 * 1024, parts: 11, headerPairs: 100 },
});

/** Reads a multipart upload of a spreadsheet: the `file` part (streamed under the call's limits) and the text fields. */
export async function readSpreadsheetUpload(request: FastifyRequest): Promise<SpreadsheetUpload> {
  if (!request.isMultipart()) throw validationFailed({ file: [message('validation.required')] });
  const fields: Record<string, string> = {};
  let file: SpreadsheetUpload['file'] | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          continue;
        }
        file = { buffer: await part.toBuffer(), name: part.filename ?? '' };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, '_PAYLOAD_TOO_LARGE', 'error.payload_too_large');
    }
    throw error;
  }
  if (!file || file.buffer.length === 0) throw validationFailed({ file: [message('validation.required')] });
  return { file, fields };
}
