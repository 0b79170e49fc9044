import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, promiseHoursOf } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dbDir).toBe(path.resolve('data/db'));
    expect(config.PASSWORD_MIN_LENGTH).toBe(8);
    expect(config.UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it('links to the port it listens on unless APP_URL says otherwise', () => {
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', APP_URL: 'https://llc.example.com' }).APP_URL).toBe('https://llc.example.com');
  });

  it("keeps the product's promises by default, and reads other hours for the queue", () => {
    expect(promiseHoursOf(loadConfig({}))).toEqual({
      processingStart: 24,
      stateApproval: { from: 24, to: 48 },
      einIssued: { from: 336, to: 672 },
      supportReply: 12,
    });
    expect(promiseHoursOf(loadConfig({ SUPPORT_REPLY_HOURS: '24', STATE_APPROVAL_HOURS: ' 12 - 72 ', PROCESSING_START_HOURS: '8' }))).toMatchObject({
      processingStart: 8,
      stateApproval: { from: 12, to: 72 },
      supportReply: 24,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://nope' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ APP_URL: 'localhost' }, 'APP_URL'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ BUSINESS_NAME: '   ' }, 'BUSINESS_NAME'],
    [{ BUSINESS_ADDRESS: 'x'.repeat(301) }, 'BUSINESS_ADDRESS'],
    [{ PASSWORD_MIN_LENGTH: '4' }, 'PASSWORD_MIN_LENGTH'],
    [{ SUPPORT_RATE_LIMIT: '0' }, 'SUPPORT_RATE_LIMIT'],
    [{ JV_CHECKOUT_URL: 'javascript:alert(1)' }, 'JV_CHECKOUT_URL'],
    [{ AFFILIATE_MARKETPLACE_URL: '//evil.example' }, 'AFFILIATE_MARKETPLACE_URL'],
    [{ PRESALE_LAUNCH_AT: 'June 1' }, 'PRESALE_LAUNCH_AT'],
    [{ PRESALE_LAUNCH_AT: '2025-06-01' }, 'PRESALE_LAUNCH_AT'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        FILE_ENCRYPTION_KEYS: `k:${'A'.repeat(43)}=`,
      },
      'SMTP_URL',
    ],
    [
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        SMTP_URL: 'smtp://mail.example.com',
      },
      'FILE_ENCRYPTION_KEYS',
    ],
    [{ FILE_ENCRYPTION_KEYS: 'k1:c2hvcnQ=' }, 'FILE_ENCRYPTION_KEYS'],
    [{ MAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    [{ MAIL_TRANSPORT: 'files', SMTP_URL: 'smtp://mail.example.com' }, 'MAIL_TRANSPORT'],
    [{ MAIL_TRANSPORT: 'sendmail' }, 'MAIL_TRANSPORT'],
    [{ STATE_APPROVAL_HOURS: '48-24' }, 'STATE_APPROVAL_HOURS'],
    [{ EIN_ISSUED_HOURS: 'two weeks' }, 'EIN_ISSUED_HOURS'],
    [{ SUPPORT_REPLY_HOURS: '0' }, 'SUPPORT_REPLY_HOURS'],
    [{ PROCESSING_START_HOURS: '1.5' }, 'PROCESSING_START_HOURS'],
  ])('rejects %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration: ${variable} [^\\n]+$`));
  });

  it('runs production with SMTP, or with the .eml outbox only when chosen explicitly', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      FILE_ENCRYPTION_KEYS: `k:${'A'.repeat(43)}=`,
    };
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'files' }).MAIL_TRANSPORT).toBe('files');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
  });
});
