import nodemailer from 'nodemailer';
import type { MailTransport } from './transport';

/**
 * Real SMTP when SMTP_URL is set. Timeouts are short enough that a send always ends within the
 * outbox lease, so a hung server never lets a second instance send the same message meanwhile
 * (options in the URL's query string still win).
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 });
  return {
    async send({ from, to, replyTo, subject, text, html, attachments }) {
      await transporter.sendMail({ from, to, replyTo, subject, text, html, attachments });
    },
    close: () => transporter.close(),
  };
}
