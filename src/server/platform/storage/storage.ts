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
}

export class StorageNotFoundError extends Error {}
