import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { StorageNotFoundError, type Storage, type StoredEntry } from './storage';

interface S3StorageOptions {
  bucket: string;
  region: string;
  /** an S3-compatible service (MinIO, R2 ...); unset = AWS */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** unset = the SDK's default credential chain */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3's smallest part (except the last): we hold at most one part of an upload in memory. */
export const s3PartBytes = 5 * 1024 * 1024;

/**
 * Cuts a stream into parts of exactly `size` bytes, the last one shorter, one part at a time so a
 * large upload never sits whole in memory. A part is yielded only once a byte beyond it has
 * arrived, so `last` is known without reading ahead a whole part.
 */
async function* partsOf(body: Readable, size: number): AsyncGenerator<{ bytes: Buffer; last: boolean }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes <= size) continue;
    const joined = Buffer.concat(pending, pendingBytes);
    let offset = 0;
    for (; pendingBytes - offset > size; offset += size) yield { bytes: joined.subarray(offset, offset + size), last: false };
    pending = [joined.subarray(offset)];
    pendingBytes -= offset;
  }
  yield { bytes: Buffer.concat(pending, pendingBytes), last: true };
}

/**
 * Files in an S3 bucket, private: no ACL is ever set, so objects keep the bucket's private
 * default and are only read back through our authorized endpoints.
 */
export function s3Storage(options: S3StorageOptions): Storage & { close(): void } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // S3-compatible services differ in which optional checksums they accept; ask only when required
    ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
  });
  const Bucket = options.bucket;

  return {
    async put(Key, body, ContentType) {
      let upload: { UploadId: string | undefined; parts: CompletedPart[] } | undefined;
      let size = 0;
      try {
        for await (const { bytes, last } of partsOf(body, s3PartBytes)) {
          // most identity documents fit in one part: a single request, nothing to clean up on failure
          if (!upload && last) {
            await client.send(new PutObjectCommand({ Bucket, Key, ContentType, Body: bytes, ContentLength: bytes.length }));
            return { size: bytes.length };
          }
          upload ??= { UploadId: (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId, parts: [] };
          const PartNumber = upload.parts.length + 1;
          const { ETag } = await client.send(
            new UploadPartCommand({ Bucket, Key, UploadId: upload.UploadId, PartNumber, Body: bytes, ContentLength: bytes.length }),
          );
          upload.parts.push({ ETag, PartNumber });
          size += bytes.length;
        }
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: upload?.UploadId, MultipartUpload: { Parts: upload?.parts } }));
        return { size };
      } catch (error) {
        // a failed or cut-off upload (413, client gone) leaves no parts behind
        if (upload) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.UploadId })).catch(() => undefined);
        throw error;
      }
    },
    async get(Key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
        // on Node the SDK's body is an http.IncomingMessage: streamed to the client, never buffered
        return Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') throw new StorageNotFoundError(Key);
        throw error;
      }
    },
    async delete(Key) {
      // S3 answers 204 for a missing key too
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async *list(): AsyncGenerator<StoredEntry> {
      // page by page: a bucket of any size is walked with one page in memory
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const { Key, LastModified } of page.Contents ?? []) {
          if (!Key || !LastModified) continue;
          yield { key: Key, kind: 'file', modifiedAt: LastModified, remove: async () => void (await client.send(new DeleteObjectCommand({ Bucket, Key }))) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // a process killed mid-upload leaves its parts stored (and billed) until the upload is aborted
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
        for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
          if (!Key || !UploadId || !Initiated) continue;
          yield {
            key: Key,
            kind: 'leftover',
            modifiedAt: Initiated,
            remove: async () => {
              await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch((error: unknown) => {
                if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
              });
            },
          };
        }
        [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
      } while (KeyMarker);
    },
    close() {
      client.destroy();
    },
  };
}
