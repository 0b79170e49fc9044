import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/client';
import { buildTestApp, signUp, uniqueEmail } from '@server/test/app';
import { testDatabases } from '@server/test/databases';
import { mailSenders } from './sender';

describe('mailSenders', () => {
  it('names the brand in both languages: what people look for in their inbox', () => {
    expect(mailSenders('Frontera <no-reply@example.com>')).toEqual({ en: 'Frontera <no-reply@example.com>', es: '"Frontera" <no-reply@example.com>' });
    expect(mailSenders('"Frontera" <no-reply@example.com>').es).toBe('"Frontera" <no-reply@example.com>');
  });

  it('uses MAIL_FROM_NAME_ES when set, else the configured brand name, and always the configured address', () => {
    expect(mailSenders('Frontera <hola@frontera.example>', 'Frontera · Constitución de LLC').es).toBe(
      '"Frontera · Constitución de LLC" <hola@frontera.example>',
    );
    expect(mailSenders('Frontera <hola@frontera.example>').es).toBe('"Frontera" <hola@frontera.example>');
    expect(mailSenders('no-reply@example.com')).toEqual({ en: 'no-reply@example.com', es: 'no-reply@example.com' });
    expect(mailSenders('no-reply@example.com', 'Constitución de LLC').es).toBe('"Constitución de LLC" <no-reply@example.com>');
  });
});

/** The From header of an .eml, with RFC 2047 encoded words decoded. */
function fromHeader(eml: string): string {
  const raw = /^From: (.*(?:\n[ \t].*)*)/m.exec(eml)?.[1]?.replace(/\n[ \t]+/g, ' ') ?? '';
  return raw.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

describe.each(testDatabases)('the sender display name follows the customer language on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let outboxDir: string;
  beforeAll(async () => {
    database = await target.open();
    const built = await buildTestApp(database, { AUTH_RATE_LIMIT_IP: '1000' });
    app = built.app;
    outboxDir = built.config.outboxDir;
  });
  afterAll(async () => {
    await app?.close();
  });

  const sentTo = (email: string) =>
    fs
      .readdirSync(outboxDir)
      .map((name) => fs.readFileSync(path.join(outboxDir, name), 'utf8'))
      .filter((eml) => eml.includes(`To: ${email}`));

  it('sends the welcome email from the brand, "Frontera", in both languages, from the same address', async () => {
    const es = await signUp(app, { email: uniqueEmail('es'), language: 'es' });
    const en = await signUp(app, { email: uniqueEmail('en'), language: 'en' });
    await app.services.mail.drain();
    const [spanish] = sentTo(es.user.email);
    const [english] = sentTo(en.user.email);
    // nodemailer writes the non-ASCII name as an encoded word, unquoted
    // nodemailer writes a plain ASCII name without the quotes
    expect(fromHeader(spanish!)).toBe('Frontera <no-reply@example.com>');
    expect(fromHeader(english!)).toBe('Frontera <no-reply@example.com>');
  });
});
