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
  /** Sends now; the caller waits for the mail server. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends after the request that asks has answered, never holding it up: `compose` runs on a later turn (it may
   * look things up; null sends nothing), and the mail is tried again after each failure (MAIL_RETRY_DELAYS_MS),
   * each failure logged. What the caller answers therefore cannot depend on the mail, nor its time on the mail
   * server. `what` names the mail in the log.
   */
  later(what: string, compose: () => Promise<Mail | null> | Mail | null): void;
  /** Resolves once every mail handed to `later` is sent or given up (tests wait on it; close waits a little). */
  idle(): Promise<void>;
  /** What was sent, newest last (memory outbox only; empty otherwise). */
  readonly sent: Mail[];
  /** Gives mail still queued a few seconds, then lets go of the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; unset: the outbox. */
  smtpUrl?: string | undefined;
  /** The From header, such as "Shop <no-reply@shop.example>". */
  from: string;
  /** Where unsent mail is written; null keeps it in memory. */
  outboxDir: string | null;
  log: (msg: string) => void;
  /** A mail that failed, or that `later` gave up on. */
  warn?: (msg: string, error: unknown) => void;
  /** The waits before each new try of a mail sent `later`; after the last, it is given up. */
  retryDelaysMs?: readonly number[];
}

/** Three more tries, over about a minute and a half: a mail server that restarts is waited for, not one that is gone. */
export const MAIL_RETRY_DELAYS_MS = [2_000, 15_000, 75_000] as const;
/** How long a closing process waits for mail still queued before it stops. */
const CLOSE_WAIT_MS = 5_000;

/** `later` and `idle` over a mailer's `send`. */
function queued(send: (mail: Mail) => Promise<void>, options: MailerOptions) {
  const pending = new Set<Promise<void>>();
  const delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const warn = options.warn ?? ((message: string) => options.log(message));
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, ms).unref();
    });
  const later = (what: string, compose: () => Promise<Mail | null> | Mail | null) => {
    const job = (async () => {
      // Not before the caller's answer is on its way.
      await new Promise<void>((resolve) => setImmediate(resolve));
      let mail: Mail | null;
      try {
        mail = await compose();
      } catch (error) {
        warn(`${what} could not be written`, error);
        return;
      }
      if (!mail) return;
      for (let attempt = 0; ; attempt++) {
        try {
          await send(mail);
          return;
        } catch (error) {
          if (attempt >= delays.length) {
            warn(`${what} failed ${attempt + 1} times and was given up`, error);
            return;
          }
          warn(`${what} failed; trying again in ${Math.round(delays[attempt]! / 1000)} s`, error);
          await wait(delays[attempt]!);
        }
      }
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  /** On close: mail still queued gets a few seconds, then is dropped with a line in the log. */
  const drain = async () => {
    if (!pending.size) return;
    await Promise.race([idle(), wait(CLOSE_WAIT_MS)]);
    if (pending.size) warn(`${pending.size} queued mails were not sent before the process stopped`, null);
  };
  return { later, idle, drain };
}

export function createMailer(options: MailerOptions): Mailer {
  const sent: Mail[] = [];
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const send = async (mail: Mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      options.log(`mail to ${mail.to} ("${mail.subject}") accepted by SMTP as ${info.messageId}`);
    };
    const queue = queued(send, options);
    return {
      sent,
      send,
      later: queue.later,
      idle: queue.idle,
      close: async () => {
        await queue.drain();
        transport.close();
      },
    };
  }
  let outboxCount = 0;
  const send = async (mail: Mail) => {
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
  };
  const queue = queued(send, options);
  return { sent, send, later: queue.later, idle: queue.idle, close: queue.drain };
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
