import type { Readable } from 'node:stream';
import { isStoragePath } from './storage-path.ts';
import type { FileStorage } from './storage.ts';

export interface S3StorageOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO, s3rver and most self-hosted stores need `bucket` in the path, not the host name. */
  forcePathStyle: boolean;
}

/** Files in an S3-compatible bucket; keys are the storage paths. */
export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  // The SDK is loaded only where a bucket is configured: it costs every other start a fifth of a second.
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default checksums send streamed bodies as aws-chunked with trailers, which many
    // S3-compatible stores do not understand; checksums only where the operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (path: string) => {
    if (!isStoragePath(path)) throw new Error(`not a storage path: ${path}`);
    return path;
  };
  return {
    async put(path, body, size, mime) {
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key(path), Body: body, ContentLength: size, ContentType: mime }),
      );
    },
    async get(path) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key(path) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(path) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key(path) }));
    },
  };
}
