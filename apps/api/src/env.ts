/** The API's configuration: read from the environment once, checked, and failing fast with what is wrong. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compactTaxId, DGII_ENVIRONMENTS, parseTaxId } from "@shop/domain/fiscal";
import { z } from "zod";

/** The repository root: this file lives in apps/api/src (or apps/api/dist once built). */
const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");

const origins = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url("must be a URL such as https://shop.example")).min(1));

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const list = (check: (item: string) => boolean, message: string) =>
  z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(check, message)));

/** An address, or an address range (10.0.0.0/8), or one of proxy-addr's names for ranges. */
const isProxy = (item: string) => {
  const [address, bits, ...rest] = item.split("/");
  if (["loopback", "linklocal", "uniquelocal"].includes(item)) return true;
  if (rest.length || !address || !isIP(address)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Which proxies in front may say who the client is: `false` (none), a number of hops, or the proxies' addresses.
 * `true` would believe any client's X-Forwarded-For, so it is refused.
 */
const trustProxy = z
  .string()
  .refine(
    (v) => v !== "true",
    "TRUST_PROXY=true would let any client choose its address; give the number of proxies in front (1) or their addresses (10.0.0.1,10.0.0.0/8)",
  )
  .transform((v): false | number | string[] => {
    if (["false", "0", "no", "off"].includes(v)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  })
  .refine(
    (v) => v === false || typeof v === "number" || (v.length > 0 && v.every(isProxy)),
    "must be false, a number of proxies (1), or addresses and ranges of proxies (10.0.0.1,10.0.0.0/8, loopback)",
  );

const count = (max: number) => z.coerce.number().int().min(0).max(max);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Outside production only this machine can reach the shop (its demo logins are public knowledge). */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(join(repoRoot, ".data")),
  DATABASE_URL: z
    .string()
    .refine((u) => u === "memory:" || /^postgres(ql)?:\/\//.test(u), "must be postgres://... or memory:")
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The key of the audit trail's chain of hashes (decision 045); by default JWT_SECRET. Set it to the old
   * JWT_SECRET before changing that one, or the entries written until then no longer check.
   */
  AUDIT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * PostgreSQL: the role that owns the tables and runs the migrations, when the API's DATABASE_URL role is another
   * (decision 045). The API's role is then granted what it needs, and on audit_log insert and select only.
   */
  DATABASE_OWNER_URL: z
    .string()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), "must be postgres://...")
    .optional(),
  /** The storefront's origin (the first is used in emails' links); by default the API's own process serves it. */
  SHOP_ORIGIN: origins.optional(),
  ADMIN_ORIGIN: origins.optional(),
  /** Seed the sample shop into an empty database; by default outside production only. */
  SEED: bool.optional(),
  ADMIN_EMAIL: z.email("must be an email address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  /** Make an account that already has ADMIN_EMAIL the admin (its password becomes ADMIN_PASSWORD). */
  ADMIN_PROMOTE_EXISTING: bool.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy.default(false),
  /** Rate-limit counters in Redis instead of the database. */
  REDIS_URL: z
    .string()
    .refine((u) => /^rediss?:\/\//.test(u), "must be redis://... or rediss://...")
    .optional(),
  /** Client addresses never rate-limited (monitoring, load tests). */
  RATE_LIMIT_EXEMPT: list((item) => isIP(item) !== 0, "must be IP addresses separated by commas").default([]),
  /** Mail through this SMTP server; unset: written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .refine((u) => /^smtps?:\/\//.test(u), "must be smtp://user:pass@host:587 or smtps://...")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Shop <no-reply@localhost>"),
  /** The shop's bank account, told to shoppers who pay by bank transfer in their order's mail. */
  BANK_TRANSFER_DETAILS: z.string().min(3).max(500).optional(),
  /**
   * The business that issues the fiscal receipts: its RNC, legal name and address as the DGII knows them. Receipts
   * are issued only when ISSUER_RNC is set; outside production the sample shop's sample issuer stands in.
   */
  ISSUER_RNC: z
    .string()
    .refine((v) => parseTaxId(v).ok, "must be an RNC (9 digits) or cédula (11) whose check digit holds")
    .transform((v) => compactTaxId(v))
    .optional(),
  ISSUER_NAME: z.string().trim().min(2).max(150).optional(),
  ISSUER_ADDRESS: z.string().trim().max(250).optional(),
  /**
   * Sending e-CFs to the DGII: its services' base (https://ecf.dgii.gov.do/testecf, certecf or ecf) and the
   * business's certificate as PEM files (its private key and its X.509 certificate). Off unless all three are set.
   */
  DGII_BASE_URL: z.url("must be a URL such as https://ecf.dgii.gov.do/testecf").optional(),
  DGII_KEY_FILE: z.string().min(1).optional(),
  DGII_CERT_FILE: z.string().min(1).optional(),
  /** The DGII environment the receipts' QR links check against: testecf until the business is certified. */
  DGII_ENVIRONMENT: z.enum(DGII_ENVIRONMENTS).default("testecf"),
  /** The most units of one product in one order. */
  ORDER_MAX_QUANTITY: z.coerce.number().int().min(1).max(999).default(10),
  ORDERS_PER_HOUR_PER_ACCOUNT: count(10_000).default(10),
  ORDERS_PER_HOUR_PER_ADDRESS: count(10_000).default(30),
  /** Pending orders older than this are cancelled and their stock released; 0 keeps them. */
  UNPAID_ORDER_HOURS: count(24 * 90).default(48),
  /**
   * How long a client may take to send a whole request, its headers, and how long a connection may stay silent
   * mid-request, in seconds: a client that trickles a body or its headers is cut off (decision 046).
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Which card gateway takes card payments: AZUL's hosted page (needs the AZUL_ settings), the shop's own test
   * gateway (never in production), or none. By default AZUL when AZUL_MERCHANT_ID is set, else the test gateway
   * outside production and none in production (docs/operations.md, "Card payments").
   */
  CARD_GATEWAY: z.enum(["azul", "test", "off"]).optional(),
  AZUL_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,15}$/, "must be AZUL's merchant id (digits)")
    .optional(),
  AZUL_MERCHANT_NAME: z.string().min(1).max(40).optional(),
  AZUL_MERCHANT_TYPE: z.string().min(1).max(40).default("E-Commerce"),
  AZUL_AUTH_KEY: z.string().min(8, "must be the AuthKey AZUL gave").optional(),
  AZUL_AUTH1: z.string().min(1).optional(),
  AZUL_AUTH2: z.string().min(1).optional(),
  AZUL_CHANNEL: z.string().min(1).max(3).default("EC"),
  AZUL_PAYMENT_PAGE_URL: z.url().default("https://pagos.azul.com.do/PaymentPage/Default.aspx"),
  AZUL_WEBSERVICE_URL: z.url().default("https://pagos.azul.com.do/WebServices/JSON/Default.aspx"),
  /** The one currency of the AZUL merchant account, and AZUL's code for it. */
  AZUL_CURRENCY: z.enum(["DOP", "USD"]).default("DOP"),
  AZUL_CURRENCY_CODE: z.string().min(1).max(3).default("$"),
  /** How long a card payment nobody came back from is asked about before it counts as abandoned. */
  CARD_ABANDONED_MINUTES: count(24 * 60).default(60),
  /** How long public catalogue answers are kept in memory (every change empties them at once); 0: off. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(60_000),
});

type Parsed = z.infer<typeof EnvSchema>;

/** The business named on the receipts. */
export interface Issuer {
  rnc: string;
  name: string;
  address: string;
  /** The certificate receipts are signed with, when sending to the DGII is configured. */
  certificate?: { key: string; certificate: string };
}

/** The sample shop's issuer outside production: an RNC no business has (its check digit holds), a plain name. */
export const SAMPLE_ISSUER: Issuer = {
  rnc: "999999992",
  name: "Tienda de Ejemplo SRL (emisor de muestra)",
  address: "Av. Winston Churchill 1, Santo Domingo",
};

/** The checked settings, with the defaults that depend on others filled in. */
export type Env = Omit<Parsed, "HOST" | "SHOP_ORIGIN" | "ADMIN_ORIGIN" | "SEED" | "CARD_GATEWAY"> & {
  CARD_GATEWAY: "azul" | "test" | "off";
  HOST: string;
  SHOP_ORIGIN: string[];
  ADMIN_ORIGIN: string[];
  SEED: boolean;
  JWT_SECRET: string;
  /** Who issues the receipts; null: receipts are off (no ISSUER_RNC in production). */
  issuer: Issuer | null;
  /** Where and with what certificate e-CFs are sent to the DGII; null: sending is off. */
  dgii: { baseUrl: string; certificate: { key: string; certificate: string } } | null;
  /** Every origin CORS allows: the shop's and the back office's, and outside production the Vite dev servers. */
  corsOrigins: string[];
};

/** The bank account the sample shop shows for transfers outside production: made up, and says so. */
export const SAMPLE_BANK_DETAILS =
  "Banco Popular Dominicano, checking account 000-000000-0 (sample), The Shop SRL, RNC 1-00-00000-0";

/** The storefront's and back office's Vite dev servers. */
export const DEV_ORIGINS = ["http://localhost:5173", "http://localhost:5174", "http://admin.localhost:5174"];

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Empty strings count as unset, so `PORT=` in a .env file falls back to the default. */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

/** Rules across settings, checked on the raw values so they are reported together with the others. */
function crossChecks(source: Record<string, string>): string[] {
  const problems: string[] = [];
  if (source.NODE_ENV === "production" && !source.JWT_SECRET) {
    problems.push("JWT_SECRET: is required when NODE_ENV=production");
  }
  const azul = ["AZUL_MERCHANT_ID", "AZUL_MERCHANT_NAME", "AZUL_AUTH_KEY", "AZUL_AUTH1", "AZUL_AUTH2"];
  if (source.CARD_GATEWAY === "azul" || source.AZUL_MERCHANT_ID) {
    const missing = azul.filter((name) => !source[name]);
    if (missing.length) problems.push(`${missing.join(", ")}: AZUL's card payments need ${azul.join(", ")}`);
  }
  if (source.CARD_GATEWAY === "test" && source.NODE_ENV === "production") {
    problems.push("CARD_GATEWAY: the test gateway takes no real money and is refused in production");
  }
  const dgii = [source.DGII_BASE_URL, source.DGII_KEY_FILE, source.DGII_CERT_FILE];
  if (dgii.some(Boolean) && !dgii.every(Boolean)) {
    problems.push(
      "DGII_BASE_URL: sending to the DGII needs DGII_BASE_URL, DGII_KEY_FILE and DGII_CERT_FILE together",
    );
  }
  if (source.DGII_BASE_URL && !source.ISSUER_RNC) {
    problems.push("ISSUER_RNC: sending to the DGII needs the issuer's RNC");
  }
  if (source.ISSUER_RNC && !source.ISSUER_NAME) {
    problems.push("ISSUER_NAME: the issuer's legal name goes with ISSUER_RNC");
  }
  if (Boolean(source.ADMIN_EMAIL) !== Boolean(source.ADMIN_PASSWORD)) {
    problems.push("ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together");
  }
  return problems;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw = withoutEmpty(source) as Record<string, string>;
  const parsed = EnvSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`)),
    ...crossChecks(raw),
  ];
  if (!parsed.success || problems.length) throw new EnvError(problems);
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const dgii =
    env.DGII_BASE_URL && env.DGII_KEY_FILE && env.DGII_CERT_FILE
      ? {
          baseUrl: env.DGII_BASE_URL.replace(/\/+$/, ""),
          certificate: {
            key: readCertificateFile(env.DGII_KEY_FILE, "DGII_KEY_FILE"),
            certificate: readCertificateFile(env.DGII_CERT_FILE, "DGII_CERT_FILE"),
          },
        }
      : null;
  const shop = env.SHOP_ORIGIN ?? [`http://localhost:${env.PORT}`];
  const admin = env.ADMIN_ORIGIN ?? [`http://admin.localhost:${env.PORT}`];
  return {
    ...env,
    HOST: env.HOST ?? (production ? "0.0.0.0" : "localhost"),
    SHOP_ORIGIN: shop,
    ADMIN_ORIGIN: admin,
    SEED: env.SEED ?? !production,
    CARD_GATEWAY: env.CARD_GATEWAY ?? (env.AZUL_MERCHANT_ID ? "azul" : production ? "off" : "test"),
    // The sample shop shows sample bank details; a real shop sets its own (or shoppers are sent to ask for them).
    BANK_TRANSFER_DETAILS: env.BANK_TRANSFER_DETAILS ?? (production ? undefined : SAMPLE_BANK_DETAILS),
    JWT_SECRET: env.JWT_SECRET ?? developmentSecret(env),
    issuer: env.ISSUER_RNC
      ? {
          rnc: env.ISSUER_RNC,
          name: env.ISSUER_NAME ?? "",
          address: env.ISSUER_ADDRESS ?? "",
          ...(dgii ? { certificate: dgii.certificate } : {}),
        }
      : production
        ? null
        : SAMPLE_ISSUER,
    dgii,
    corsOrigins: [...new Set([...shop, ...admin, ...(production ? [] : DEV_ORIGINS)])],
  };
}

/** A PEM file of the DGII certificate's, read at start so a wrong path stops it with the setting's name. */
function readCertificateFile(path: string, setting: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new EnvError([`${setting}: cannot read ${path} (${(error as Error).message})`]);
  }
}

/** Outside production a secret is made once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(env: Parsed): string {
  if (env.DATABASE_URL === "memory:") return randomBytes(32).toString("hex");
  const file = join(env.DATA_DIR, "jwt-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
