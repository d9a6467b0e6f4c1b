import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface Part {
  name: string;
  /** Present for a file part. */
  filename?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body as a browser sends it, with its content-type header. */
export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----vigil${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\ncontent-disposition: ${disposition}\r\n${part.type ? `content-type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field `file`. */
export function fileUpload(content: Buffer | string, filename = 'picture.png', type = 'image/png') {
  return multipart([{ name: 'file', filename, type, content }]);
}

/** A picture of random pixels: it does not compress, so its size follows its dimensions (128 × 128 ≈ 49 KB as PNG). */
export function noisyImage(format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', side = 128): Promise<Buffer> {
  const pixels = randomBytes(side * side * 3);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
