import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: S3 and Redis', () => {
  it('leaves S3 and Redis off by default', () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.REDIS_KEY_PREFIX).toBe('frontera:');
  });

  it('accepts a complete S3-compatible and Redis setup', () => {
    const config = loadConfig({
      S3_BUCKET: 'frontera-files',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: 'rediss://:pw@redis.example.com:6380/0',
    });
    expect(config).toMatchObject({
      S3_BUCKET: 'frontera-files',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: true,
      REDIS_URL: 'rediss://:pw@redis.example.com:6380/0',
    });
    // on AWS with an instance role: only the bucket
    const bucketOnly = loadConfig({ S3_BUCKET: 'frontera-files' });
    expect(bucketOnly).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(bucketOnly.S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it.each([
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'files', S3_REGION: 'eu west' }, 'S3_REGION'],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ REDIS_URL: '127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_KEY_PREFIX: 'has spaces' }, 'REDIS_KEY_PREFIX'],
  ])('rejects %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${variable} [^\\n]+$`));
  });
});
