// Mail really leaves: with SMTP_URL the password-reset mail goes to a real SMTP server (smtp-server, in this
// process), linking to the shop's own /reset-password page; without it, to the outbox, as readable .eml files.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../test/app.ts";
import { createMailer } from "./mailer.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let server: SMTPServer;
let port: number;
const inbox: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function registered(shop: TestShop, email: string) {
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { firstName: "Marta", lastName: "Reyes", email, password: "Marta-123!" },
  });
  expect(res.statusCode).toBe(201);
}

describe("with SMTP_URL", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({
      seed: false,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: "Shop <no-reply@shop.example>",
        SHOP_ORIGIN: "https://shop.example",
      },
    });
  });
  afterAll(async () => {
    await shop.close();
  });

  it("delivers the reset mail through SMTP, linking to the shop's /reset-password page, and the link works", async () => {
    await registered(shop, "marta@example.com");
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: "marta@example.com" },
    });
    expect(res.statusCode).toBe(200);
    await shop.app.mailer.idle();
    expect(shop.app.mailer.sent).toEqual([]);
    expect(inbox).toHaveLength(1);
    const delivered = inbox[0]!;
    expect(delivered).toMatchObject({ from: "no-reply@shop.example", to: ["marta@example.com"] });
    const mail = await simpleParser(delivered.raw);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.from?.text).toBe('"Shop" <no-reply@shop.example>');
    const link = /https:\/\/shop\.example\/reset-password\?token=(\S+)/.exec(mail.text ?? "");
    expect(link, mail.text).not.toBeNull();

    const reset = await shop.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token: decodeURIComponent(link![1]!), newPassword: "Marta-456!" },
    });
    expect(reset.statusCode).toBe(200);
    const login = await shop.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: "marta@example.com", password: "Marta-456!" },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("when the mail server does not answer", () => {
  it("answers as it does for an unknown email, so nobody learns the account exists", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const shop = await createTestShop({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } });
    try {
      await registered(shop, "nomail@example.com");
      const ask = (email: string) =>
        shop.app.inject({ method: "POST", url: "/api/users/forgot-password", payload: { email } });
      const known = await ask("nomail@example.com");
      const unknown = await ask("nobody@example.com");
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      await shop.close();
    }
  });
});

describe("with a slow mail server", () => {
  it("answers a known and an unknown email alike, before the mail server has taken the mail", async () => {
    // A mail server that holds every mail until the test lets it go: an answer that waited for it never comes.
    const held: (() => void)[] = [];
    const received: string[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () =>
          held.push(() => {
            received.push(session.envelope.rcptTo.map((r) => r.address).join(","));
            callback();
          }),
        );
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const slowPort = (slow.server.address() as AddressInfo).port;
    const shop = await createTestShop({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${slowPort}` } });
    try {
      await registered(shop, "held@example.com");
      const ask = async (email: string) => {
        const started = performance.now();
        const answer = await Promise.race([
          shop.app.inject({ method: "POST", url: "/api/users/forgot-password", payload: { email } }),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error("the answer waited for the mail server")), 5000),
          ),
        ]);
        return { answer, ms: performance.now() - started };
      };
      const known = await ask("held@example.com");
      const unknown = await ask("nobody-held@example.com");
      expect(known.answer.statusCode).toBe(200);
      expect(known.answer.body).toBe(unknown.answer.body);
      expect(received).toEqual([]);
      // The mail is on its way all the same: once the server takes it, it is delivered, to the account only.
      await expect.poll(() => held.length, { timeout: 5000 }).toBe(1);
      for (const release of held) release();
      await shop.app.mailer.idle();
      expect(received).toEqual(["held@example.com"]);
      console.info(
        `forgot-password answered in ${known.ms.toFixed(1)} ms for an account, ${unknown.ms.toFixed(1)} ms for none, with the mail server holding the mail`,
      );
    } finally {
      await shop.close();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe("a mail sent after the answer", () => {
  it("is tried again after a failure, each failure logged, then given up", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const warnings: string[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${deadPort}`,
      from: "Shop <no-reply@shop.example>",
      outboxDir: null,
      log: () => {},
      warn: (message) => warnings.push(message),
      retryDelaysMs: [10, 20],
    });
    mailer.later("the test mail", () => ({ to: "ana@example.com", subject: "Hi", text: "Hello" }));
    await mailer.idle();
    expect(warnings).toEqual([
      "the test mail failed; trying again in 0 s",
      "the test mail failed; trying again in 0 s",
      "the test mail failed 3 times and was given up",
    ]);
    await mailer.close();
  });

  it("reaches a mail server that refused it once (451, try later) on the next try", async () => {
    let refusals = 1;
    const accepted: string[] = [];
    const picky = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          if (refusals-- > 0) {
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
            return;
          }
          accepted.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => picky.listen(0, "127.0.0.1", resolve));
    const warnings: string[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${(picky.server.address() as AddressInfo).port}`,
      from: "Shop <no-reply@shop.example>",
      outboxDir: null,
      log: () => {},
      warn: (message) => warnings.push(message),
      retryDelaysMs: [10, 20],
    });
    try {
      mailer.later("the test mail", () => ({ to: "ana@example.com", subject: "Hi", text: "Hello" }));
      await mailer.idle();
      expect(accepted).toEqual(["ana@example.com"]);
      expect(warnings).toEqual(["the test mail failed; trying again in 0 s"]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => picky.close(() => resolve()));
    }
  });
});

describe("without SMTP_URL", () => {
  it("keeps the mail in the outbox, linking to SHOP_ORIGIN, which defaults to the API's own address, whatever the Host", async () => {
    const shop = await createTestShop({ seed: false, env: { PORT: "4321" } });
    try {
      await registered(shop, "outbox@example.com");
      await shop.app.inject({
        method: "POST",
        url: "/api/users/forgot-password",
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
        payload: { email: "outbox@example.com" },
      });
      await shop.app.mailer.idle();
      expect(shop.app.mailer.sent[0]!.text).not.toContain("evil.example");
      expect(shop.app.mailer.sent).toHaveLength(1);
      expect(shop.app.mailer.sent[0]!.text).toMatch(
        /\nhttp:\/\/localhost:4321\/reset-password\?token=[\w%-]+\n/,
      );
    } finally {
      await shop.close();
    }
  });
});

describe("the outbox", () => {
  it("lists its files in sending order, even several mails within one millisecond", async () => {
    const dir = await mkdtemp(join(tmpdir(), "shop-outbox-"));
    try {
      const mailer = createMailer({ from: "Shop <no-reply@shop.example>", outboxDir: dir, log: () => {} });
      const subjects = Array.from({ length: 30 }, (_, i) => `Mail ${i + 1}`);
      for (const subject of subjects) await mailer.send({ to: "ana@example.com", subject, text: "Plain" });
      const files = (await readdir(dir)).sort();
      const read = await Promise.all(
        files.map(async (f) => (await simpleParser(await readFile(join(dir, f), "utf8"))).subject),
      );
      expect(read).toEqual(subjects);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("writes a mail with HTML as one .eml: the text, then the HTML as its alternative, both readable as they are", async () => {
    const dir = await mkdtemp(join(tmpdir(), "shop-outbox-"));
    try {
      const mailer = createMailer({ from: "Shop <no-reply@shop.example>", outboxDir: dir, log: () => {} });
      const link = `https://shop.example/order?id=${"a".repeat(90)}`;
      await mailer.send({
        to: "ana@example.com",
        subject: "Hi",
        text: `Total: RD$1,234.50\n${link}`,
        html: "<p>Total</p>",
      });
      await mailer.send({ to: "ana@example.com", subject: "Again", text: "Plain" });
      const files = (await readdir(dir)).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith("-ana@example.com.eml"))).toBe(true);
      const eml = await readFile(join(dir, files[0]!), "utf8");
      const parsed = await simpleParser(eml);
      expect(parsed.subject).toBe("Hi");
      expect(parsed.text?.trim()).toBe(`Total: RD$1,234.50\n${link}`);
      expect(typeof parsed.html === "string" && parsed.html.trim()).toBe("<p>Total</p>");
      // Unwrapped and unencoded, so a person (or a journey) reads the link straight from the file.
      expect(eml).toContain(`\n${link}\n`);
      const plain = await simpleParser(await readFile(join(dir, files[1]!), "utf8"));
      expect([plain.subject, plain.text?.trim(), plain.html]).toEqual(["Again", "Plain", false]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
