/** The API's configuration: read from the environment once, checked, and failing fast with what is wrong. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
  /** The most units of one product in one order. */
  ORDER_MAX_QUANTITY: z.coerce.number().int().min(1).max(999).default(10),
  ORDERS_PER_HOUR_PER_ACCOUNT: count(10_000).default(10),
  ORDERS_PER_HOUR_PER_ADDRESS: count(10_000).default(30),
  /** Pending orders older than this are cancelled and their stock released; 0 keeps them. */
  UNPAID_ORDER_HOURS: count(24 * 90).default(48),
  /** How long public catalogue answers are kept in memory (every change empties them at once); 0: off. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(60_000),
});

type Parsed = z.infer<typeof EnvSchema>;

/** The checked settings, with the defaults that depend on others filled in. */
export type Env = Omit<Parsed, "HOST" | "SHOP_ORIGIN" | "ADMIN_ORIGIN" | "SEED"> & {
  HOST: string;
  SHOP_ORIGIN: string[];
  ADMIN_ORIGIN: string[];
  SEED: boolean;
  JWT_SECRET: string;
  /** Every origin CORS allows: the shop's and the back office's, and outside production the Vite dev servers. */
  corsOrigins: string[];
};

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
  const shop = env.SHOP_ORIGIN ?? [`http://localhost:${env.PORT}`];
  const admin = env.ADMIN_ORIGIN ?? [`http://admin.localhost:${env.PORT}`];
  return {
    ...env,
    HOST: env.HOST ?? (production ? "0.0.0.0" : "localhost"),
    SHOP_ORIGIN: shop,
    ADMIN_ORIGIN: admin,
    SEED: env.SEED ?? !production,
    JWT_SECRET: env.JWT_SECRET ?? developmentSecret(env),
    corsOrigins: [...new Set([...shop, ...admin, ...(production ? [] : DEV_ORIGINS)])],
  };
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
