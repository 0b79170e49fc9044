import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** A file sent with an email (a signed PDF): made when the email is sent, never stored in the outbox. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Default: each message becomes an .eml file in DATA_DIR/outbox (open it with any mail client).
 * Owner-only (file 0600, directory 0700): a message may hold a password-reset link.
 */
export function fileTransport(dir: string): MailTransport {
  // nodemailer only composes the message here: loaded with the first one, not at start
  let transporter: Promise<Transporter> | undefined;
  return {
    async send({ id, from, to, replyTo, subject, text, html, attachments }) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await transporter).sendMail({ from, to, replyTo, subject, text, html, attachments });
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
