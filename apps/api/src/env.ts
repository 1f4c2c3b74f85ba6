/** The API's configuration: read from the environment once, checked, and failing fast with what is wrong. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default(join(repoRoot, ".data")),
  DATABASE_URL: z
    .string()
    .refine((u) => u === "memory:" || /^postgres(ql)?:\/\//.test(u), "must be postgres://... or memory:")
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SHOP_ORIGIN: origins.default(["http://localhost:5173"]),
  ADMIN_ORIGIN: origins.default(["http://admin.localhost:5174", "http://localhost:5174"]),
  SEED: bool.default(true),
  ADMIN_EMAIL: z.email("must be an email address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  /** How long public catalogue answers are kept in memory (every change empties them at once); 0: off. */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(60_000),
});

export type Env = z.infer<typeof EnvSchema> & { JWT_SECRET: string };

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
  return { ...env, JWT_SECRET: env.JWT_SECRET ?? developmentSecret(env) };
}

/** Outside production a secret is made once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(env: z.infer<typeof EnvSchema>): string {
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
