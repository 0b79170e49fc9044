import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  /** every x-amz-* header of the write, to check nothing made the object public */
  amzHeaders: Record<string, string>;
  /** tests move it back to age an object */
  lastModified: Date;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** multipart uploads started and neither completed nor aborted */
  openUploads: Map<string, { key: string; parts: Map<number, Buffer>; object: Omit<StoredObject, 'body' | 'lastModified'>; initiated: Date }>;
  /** every request, as `METHOD /path?query` */
  requests: string[];
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A loopback stand-in for the few S3 REST calls our storage makes (path-style): PutObject,
 * the multipart upload calls, GetObject, DeleteObject, HeadBucket, and the sweeper's
 * ListObjectsV2, ListMultipartUploads and AbortMultipartUpload, paged by `pageSize` entries.
 * Objects live in memory. Signatures are not checked, but an unsigned request is refused as S3 would.
 */
export async function startFakeS3(bucket = 'frontera-test', { pageSize = 1000 } = {}): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const openUploads: FakeS3['openUploads'] = new Map();
  const requests: string[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, payload = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(payload);
    };
    const error = (status: number, code: string) =>
      send(status, req.method === 'HEAD' ? '' : xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));

    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) return error(403, 'AccessDenied');
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    if (bucketName !== bucket) return error(404, 'NoSuchBucket');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = url.searchParams.get('uploadId');
    const amzHeaders = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([name]) => name.startsWith('x-amz-'))
        .map(([name, value]) => [name, String(value)]),
    );

    if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      // keys in order, resumed after the continuation token (here simply the last key sent)
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = [...objects.keys()].filter((k) => k > after).sort();
      const page = keys.slice(0, pageSize);
      const truncated = keys.length > page.length;
      const contents = page.map(
        (k) =>
          `<Contents><Key>${escapeXml(k)}</Key><LastModified>${objects.get(k)!.lastModified.toISOString()}</LastModified><Size>${objects.get(k)!.body.length}</Size></Contents>`,
      );
      return send(
        200,
        xml(
          `<ListBucketResult><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}${contents.join('')}</ListBucketResult>`,
        ),
      );
    }
    if (!key && req.method === 'GET' && url.searchParams.has('uploads')) {
      const marker = `${url.searchParams.get('key-marker') ?? ''}\n${url.searchParams.get('upload-id-marker') ?? ''}`;
      const all = [...openUploads.entries()]
        .map(([id, upload]) => ({ id, ...upload, sortKey: `${upload.key}\n${id}` }))
        .filter((u) => u.sortKey > marker)
        .sort((x, y) => (x.sortKey < y.sortKey ? -1 : 1));
      const page = all.slice(0, pageSize);
      const truncated = all.length > page.length;
      const last = page.at(-1);
      const uploads = page.map(
        (u) => `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
      );
      return send(
        200,
        xml(
          `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>${truncated}</IsTruncated>${truncated && last ? `<NextKeyMarker>${escapeXml(last.key)}</NextKeyMarker><NextUploadIdMarker>${last.id}</NextUploadIdMarker>` : ''}${uploads.join('')}</ListMultipartUploadsResult>`,
        ),
      );
    }
    if (!key) return req.method === 'HEAD' ? send(200) : error(405, 'MethodNotAllowed');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID();
      openUploads.set(id, { key, parts: new Map(), object: { contentType: req.headers['content-type'], amzHeaders }, initiated: new Date() });
      return send(
        200,
        xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`),
      );
    }
    if (uploadId) {
      const upload = openUploads.get(uploadId);
      if (!upload || upload.key !== key) return error(404, 'NoSuchUpload');
      if (req.method === 'PUT') {
        upload.parts.set(Number(url.searchParams.get('partNumber')), body);
        return send(200, '', { etag: etag(body) });
      }
      if (req.method === 'DELETE') {
        openUploads.delete(uploadId);
        return send(204);
      }
      if (req.method === 'POST') {
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
        if (numbers.some((n) => !upload.parts.has(n))) return error(400, 'InvalidPart');
        const joined = Buffer.concat(numbers.map((n) => upload.parts.get(n)!));
        objects.set(key, { ...upload.object, body: joined, lastModified: new Date() });
        openUploads.delete(uploadId);
        return send(
          200,
          xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag(joined)}</ETag></CompleteMultipartUploadResult>`),
        );
      }
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: req.headers['content-type'], amzHeaders, lastModified: new Date() });
      return send(200, '', { etag: etag(body) });
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      res.writeHead(200, {
        'content-type': object.contentType ?? 'application/octet-stream',
        'content-length': String(object.body.length),
        etag: etag(object.body),
      });
      return res.end(req.method === 'GET' ? object.body : undefined);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    return error(405, 'MethodNotAllowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    objects,
    openUploads,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app settings that point S3 storage at a fake server. */
export function fakeS3Config(s3: FakeS3): Record<string, string> {
  return { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.url, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'test-key', S3_SECRET_ACCESS_KEY: 'test-secret' };
}
