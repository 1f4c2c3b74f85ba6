/** Sends the shop's emails: through SMTP (nodemailer) when SMTP_URL is set, otherwise to an outbox folder in DATA_DIR (or memory, for tests). */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
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
  return {
    sent,
    async send(mail) {
      if (!options.outboxDir) {
        sent.push(mail);
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`);
      await writeFile(
        file,
        `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`,
        {
          mode: 0o600,
        },
      );
      options.log(`mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
    close: () => {},
  };
}
