import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Sharp, SharpOptions } from 'sharp';
import { AppError, message, validationFailed } from '../errors.ts';

/** What one use of uploads accepts: sizes in bytes and the types recognised by magic bytes. */
export interface UploadRules {
  minBytes: number;
  maxBytes: number;
  types: readonly string[];
}

/** A received, checked file waiting in the temporary folder to be stored. */
export interface CheckedUpload {
  field: string;
  name: string;
  tempPath: string;
  size: number;
  mime: string;
  ext: string;
}

export interface ReceivedUpload {
  files: CheckedUpload[];
  fields: Record<string, string>;
  /** Removes the temporary files; call it whatever happens next. */
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  rules: UploadRules;
  /** Which multipart fields carry files (`file`, `icons[1]` ...); other file parts are refused. */
  fileField: (field: string) => boolean;
  maxFiles: number;
  tempDir: string;
}

let sharpLoaded: Promise<(input: string | Buffer, options: SharpOptions) => Sharp> | undefined;

/** sharp (libvips) loads with the first picture, not with every start. */
export function loadSharp() {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recent operations (up to 50 MB) and one decoding thread per core, each with its own
    // glibc arena: after a burst of uploads that memory stayed with the process. Pictures are decoded
    // once each, so the cache never helps.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/** Decoding an image larger than this (width × height) is refused: it would take memory, not show better. */
export const MAX_IMAGE_PIXELS = 50_000_000;
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 16 * 1024;

/** Where uploads wait while they are received and checked. */
export function temporaryUploadDir(dataDir: string): string {
  return join(dataDir, 'upload-tmp');
}

/**
 * Removes temporary upload files older than `olderThanMs`: those a crash or a kill left behind. Run
 * at start with the request time-out, past which no upload in progress can be, so a second process
 * on the same folder (or a test app in the same process) keeps its uploads. Failures inside a
 * request remove their own files (`discard`).
 */
export async function sweepStaleUploads(dataDir: string, olderThanMs: number): Promise<number> {
  const dir = temporaryUploadDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < before) {
      await rm(path, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Streams a multipart request's files to temporary files, enforcing the size limit while the bytes
 * arrive, then checks each file's real type by its first bytes and re-encodes images (turned upright,
 * metadata such as GPS position stripped). Any refusal removes every temporary file first.
 */
export async function receiveUpload(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedUpload> {
  const { rules } = options;
  await mkdir(options.tempDir, { recursive: true });
  const temporary: string[] = [];
  const discard = () => Promise.all(temporary.map((path) => rm(path, { force: true }))).then(() => undefined);
  const files: CheckedUpload[] = [];
  // No prototype: field names come from the request.
  const fields = Object.create(null) as Record<string, string>;
  let receiving = 'file';
  try {
    if (!request.isMultipart()) throw validationFailed({ file: [message('file.required')] });
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes,
        files: options.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: options.maxFiles + MAX_FIELDS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!options.fileField(part.fieldname)) {
        part.file.resume();
        throw validationFailed({ [part.fieldname]: [message('validation.unknown_field')] });
      }
      const tempPath = join(options.tempDir, `upload-${randomBytes(12).toString('hex')}`);
      temporary.push(tempPath);
      receiving = part.fieldname;
      await pipeline(part.file, createWriteStream(tempPath));
      files.push({ field: part.fieldname, name: cleanName(part.filename), tempPath, size: 0, mime: '', ext: '' });
    }
    for (const file of files) Object.assign(file, await checkFile(file, rules, (path) => temporary.push(path)));
    return { files, fields, discard };
  } catch (error) {
    await discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, '_PAYLOAD_TOO_LARGE', 'error.payload_too_large', {}, undefined, {
        [receiving]: [message('file.too_large', { max: formatBytes(rules.maxBytes) })],
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, '_PAYLOAD_TOO_LARGE', 'error.payload_too_large');
    }
    throw error;
  }
}

async function checkFile(file: CheckedUpload, rules: UploadRules, track: (path: string) => void) {
  const { size } = await stat(file.tempPath);
  if (size === 0) throw validationFailed({ [file.field]: [message('file.required')] });
  if (size < rules.minBytes) throw validationFailed({ [file.field]: [message('file.too_small', { min: formatBytes(rules.minBytes) })] });
  const { fileTypeFromFile } = await import('file-type');
  const type = await fileTypeFromFile(file.tempPath);
  if (!type || !rules.types.includes(type.mime)) throw validationFailed({ [file.field]: [message('file.type_not_allowed')] });
  const name = nameWithExtension(file.name, type.ext);
  if (!NORMALISED_IMAGES.has(type.mime)) return { name, size, mime: type.mime, ext: type.ext };
  const normalised = `${file.tempPath}.${type.ext}`;
  track(normalised);
  try {
    const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
    const sharp = await loadSharp();
    const info = await sharp(file.tempPath, { animated, limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient().toFile(normalised);
    return { name, tempPath: normalised, size: info.size, mime: type.mime, ext: type.ext };
  } catch {
    throw validationFailed({ [file.field]: [message('file.image_unreadable')] });
  }
}

/** sharp writes these back in the same format (chosen from the extension), without metadata. */
const NORMALISED_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

const MAX_NAME_LENGTH = 200;

/** The name the person's file had, kept for downloads: no folders, no control characters, at most 200 characters. */
function cleanName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this strips.
  const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
  const cleaned = base.replace(CONTROL_CHARACTERS, '').trim().slice(0, MAX_NAME_LENGTH);
  return cleaned || 'file';
}

/**
 * The name with the extension of the type read from the content in place of the uploaded one, so a
 * PDF sent as `evil.html` is kept and downloaded as `evil.pdf`: a browser or desktop opening the
 * download chooses its program by that extension.
 */
export function nameWithExtension(name: string, ext: string): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot >= 0 ? name.slice(0, dot) : name).replace(/[\s.]+$/, '');
  return `${(stem || 'file').slice(0, MAX_NAME_LENGTH - ext.length - 1)}.${ext}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
