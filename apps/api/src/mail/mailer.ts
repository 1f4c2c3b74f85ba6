/** Sends the shop's emails: through SMTP (nodemailer) when SMTP_URL is set, otherwise to an outbox folder in DATA_DIR (or memory, for tests). */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (built with mail/html.ts, which escapes what comes from data); sent beside the text. */
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** What was sent, newest last (memory outbox only; empty otherwise). */
  readonly sent: Mail[];
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; unset: the outbox. */
  smtpUrl?: string | undefined;
  /** The From header, such as "Shop <no-reply@shop.example>". */
  from: string;
  /** Where unsent mail is written; null keeps it in memory. */
  outboxDir: string | null;
  log: (msg: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const sent: Mail[] = [];
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      sent,
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        options.log(`mail to ${mail.to} ("${mail.subject}") accepted by SMTP as ${info.messageId}`);
      },
      close: () => transport.close(),
    };
  }
  let outboxCount = 0;
  return {
    sent,
    async send(mail) {
      if (!options.outboxDir) {
        sent.push(mail);
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      // Time, then this outbox's count, so the folder lists in sending order even within one millisecond; a random
      // part, so two processes writing to one folder never take the same name.
      outboxCount++;
      const order = `${Date.now()}-${String(outboxCount).padStart(9, "0")}`;
      const name = `${order}-${randomUUID().slice(0, 8)}-${mail.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`;
      const file = join(options.outboxDir, name);
      await writeFile(file, outboxMessage(options.from, mail), { mode: 0o600 });
      options.log(`mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
    close: () => {},
  };
}

/**
 * A mail as an .eml file a person or a test can read as it is: headers, then the text, and the HTML as its
 * alternative when there is one (8bit, so links and amounts are not wrapped or encoded).
 */
export function outboxMessage(from: string, mail: Mail): string {
  const headers = `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\nMIME-Version: 1.0\n`;
  const part = (type: string, body: string) =>
    `Content-Type: ${type}; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${body}\n`;
  if (mail.html === undefined) return `${headers}${part("text/plain", mail.text)}`;
  const boundary = `shop-${randomUUID()}`;
  return (
    `${headers}Content-Type: multipart/alternative; boundary="${boundary}"\n\n` +
    `--${boundary}\n${part("text/plain", mail.text)}--${boundary}\n${part("text/html", mail.html)}--${boundary}--\n`
  );
}
