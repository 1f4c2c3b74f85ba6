/** Sends the shop's emails. Here: an outbox folder in DATA_DIR (or memory, for tests) plus a log line; a real SMTP transport plugs in behind the same interface. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** What was sent, newest last (memory outbox only; empty otherwise). */
  readonly sent: Mail[];
}

export function createMailer(options: { outboxDir: string | null; log: (msg: string) => void }): Mailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      if (!options.outboxDir) {
        sent.push(mail);
        return;
      }
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`);
      await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
      options.log(`mail to ${mail.to} ("${mail.subject}") written to ${file}`);
    },
  };
}
