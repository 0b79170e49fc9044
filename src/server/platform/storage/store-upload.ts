import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { cleanFileName, withTypeExtension } from '@shared/file-names';
import { fileTypes, sniffUpload, type FileType } from './file-type';
import type { Storage } from './storage';

/** An upload in storage, before the row that names it exists. */
export interface StoredUpload {
  key: string;
  /** the name the sender gave it, cleaned to show and to put in a header */
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Checks an upload by content (a type outside `allowed` is a 415 before a byte is stored) and
 * streams it to `folder/<random>.<extension>`, named as sent (cleaned, with the type's extension)
 * or `unnamed.<extension>`.
 * The caller records it, or removes it on failure.
 */
export async function storeUpload(
  storage: Storage,
  upload: { file: Readable; filename: string },
  { folder, allowed, unnamed = 'file' }: { folder: string; allowed: readonly FileType[]; unnamed?: string },
): Promise<StoredUpload> {
  const { type, body } = await sniffUpload(upload.file, allowed);
  const { extension, contentType } = fileTypes[type];
  const key = `${folder}/${randomUUID()}.${extension}`;
  const { size } = await storage.put(key, body, contentType);
  // named as sent, but with the extension of what it is (a PDF sent as invoice.html is invoice.pdf)
  const named = cleanFileName(upload.filename);
  return {
    key,
    fileName: named ? withTypeExtension(named, extension, type === 'jpeg' ? ['jpeg', 'jpe'] : []) : `${unnamed}.${extension}`,
    contentType,
    sizeBytes: size,
  };
}

/** Best effort: a file left behind is unreferenced, and the orphan sweeper takes it later. */
export async function removeStoredFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
