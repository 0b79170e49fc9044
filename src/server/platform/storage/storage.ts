import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are opaque paths ('identity/<order>/<doc>-<uuid>.pdf');
 * nothing here is ever reachable by URL: downloads go through authorized endpoints.
 */
export interface Storage {
  /** Streams `body` to `key`; resolves with the number of bytes written. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** A stream of the stored bytes; rejects with StorageNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** For readiness checks. */
  ping(): Promise<void>;
  /**
   * Everything stored, for the orphan sweeper (sweeper.ts): complete files, and what an
   * interrupted put left behind (a local temp file, an unfinished S3 multipart upload).
   */
  list(): AsyncIterable<StoredEntry>;
}

export interface StoredEntry {
  /** the key as put; for a leftover, the key its put was writing */
  key: string;
  /** 'leftover': an interrupted put's remains, never referenced by a row */
  kind: 'file' | 'leftover';
  /** when it was written (S3: last modified, or when the multipart upload began) */
  modifiedAt: Date;
  /** deletes it (aborts a multipart upload); gone already is not an error */
  remove(): Promise<void>;
}

export class StorageNotFoundError extends Error {}

/** A stored file failed authentication (tampered, truncated) or its key is not configured. */
export class StorageIntegrityError extends Error {}
