import type { EncryptedStorage } from './encrypted-storage';
import { fileTypes } from './file-type';
import { StorageNotFoundError } from './storage';

export interface RotationResult {
  /** already under the newest key: left alone (a second run, or a resumed one, skips them) */
  current: number;
  /** re-encrypted from an older key */
  reencrypted: number;
  /** written before encryption, now encrypted */
  encrypted: number;
  /** deleted by the app while the rotation ran */
  gone: number;
  failed: { key: string; error: string }[];
}

/**
 * Rewrites every stored file not yet under the newest key, or not yet bound to its storage key
 * (`npm run admin -- rotate-file-key`, ADR 0026). Each file is decrypted as a stream and put again under the same storage key: a local
 * put writes a temp file and renames it, an S3 put replaces the object whole, so a reader sees the
 * old file or the new one, never a mix. Interrupted, it is run again: finished files are skipped.
 * Leftovers of interrupted uploads are the sweeper's, not rewritten.
 */
export async function rotateFileKey(storage: EncryptedStorage, onFile?: (key: string, outcome: string) => void): Promise<RotationResult> {
  const result: RotationResult = { current: 0, reencrypted: 0, encrypted: 0, gone: 0, failed: [] };
  for await (const entry of storage.list()) {
    if (entry.kind !== 'file') continue;
    try {
      const format = await storage.formatOf(entry.key);
      const keyId = format?.keyId;
      if (keyId === storage.currentKeyId && format?.bound) {
        result.current += 1;
        continue;
      }
      // the content type is not kept by local storage; S3 gets it from the extension as uploads do
      await storage.put(entry.key, await storage.get(entry.key), contentTypeOf(entry.key));
      if (keyId === undefined) result.encrypted += 1;
      else result.reencrypted += 1;
      onFile?.(entry.key, keyId === undefined ? 'encrypted' : `re-encrypted from ${keyId}`);
    } catch (error) {
      if (error instanceof StorageNotFoundError) result.gone += 1;
      else result.failed.push({ key: entry.key, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

const byExtension: Record<string, string> = Object.fromEntries(Object.values(fileTypes).map((type) => [type.extension, type.contentType]));

function contentTypeOf(key: string): string {
  return byExtension[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
