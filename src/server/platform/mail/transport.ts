import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set. Timeouts are short enough that a send always ends within the
 * outbox lease, so a hung server never lets a second instance send the same message meanwhile
 * (options in the URL's query string still win).
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 });
  return {
    async send({ from, to, replyTo, subject, text, html }) {
      await transporter.sendMail({ from, to, replyTo, subject, text, html });
    },
    close: () => transporter.close(),
  };
}

/**
 * Default: each message becomes an .eml file in DATA_DIR/outbox (open it with any mail client).
 * Owner-only (file 0600, directory 0700): a message may hold a password-reset link.
 */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ id, from, to, replyTo, subject, text, html }) {
      const info = await transporter.sendMail({ from, to, replyTo, subject, text, html });
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // mkdir leaves an existing directory as it was (and the umask trims the mode): set it; this
      // also closes off the files an older version wrote 0644
      await fs.chmod(dir, 0o700);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(dir, `${stamp}-${id}.eml`), info.message as Buffer, { mode: 0o600 });
    },
    close: () => undefined,
  };
}
