import type { Config } from '../../config';
import { encryptedStorage, type EncryptedStorage, type LegacyFiles } from './encrypted-storage';
import { fileEncryptionKeys } from './file-keys';
import { localStorage } from './local-storage';
import type { Storage } from './storage';

/**
 * S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/files; either way encrypted at rest
 * and bound to each file's place (ADR 0026). `legacy`: whether files from before are served
 * (FILE_PLAINTEXT, or what the installation holds: services.ts).
 */
export async function createStorage(config: Config, legacy: LegacyFiles): Promise<EncryptedStorage & { close?(): void }> {
  return encryptedStorage(await createPlainStorage(config), fileEncryptionKeys(config), { legacy });
}

async function createPlainStorage(config: Config): Promise<Storage & { close?(): void }> {
  if (!config.S3_BUCKET) return localStorage(config.filesDir);
  const { s3Storage } = await import('./s3-storage');
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
