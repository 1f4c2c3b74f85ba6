/**
 * The one process's own settings, beside the API's (apps/api/src/env.ts): where the shop and its back office
 * are known to be, whether Storybook is served, and how pages are rendered and cached. Checked once at start; every
 * problem is named with the API's.
 */
import { availableParallelism } from "node:os";
import type { Env } from "@shop/api/env";
import { z } from "zod";

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

const WebEnvSchema = z.object({
  /** The shop's public address: canonical links, link previews, the sitemap, robots.txt. Never a request's Host. */
  PUBLIC_ORIGIN: z
    .url("must be a URL such as https://shop.example")
    .transform((u) => new URL(u).origin)
    .optional(),
  /** The back office's host name (and port). */
  ADMIN_HOST: z
    .string()
    .toLowerCase()
    .regex(HOST, "must be a host name such as admin.shop.example, with an optional :port")
    .optional(),
  /**
   * Where the static Storybook is served: on the shop host (outside production), on a host of its own (its name,
   * such as storybook.shop.example), or nowhere (off). Never beside the back office's admin tokens.
   */
  STORYBOOK: z
    .string()
    .toLowerCase()
    .refine(
      (v) => v === "shop" || v === "off" || (v !== "admin" && HOST.test(v)),
      "must be off, shop (outside production) or a host of its own such as storybook.shop.example; never admin, whose origin holds the back office's tokens",
    )
    .optional(),
  /** Threads that render pages (0: the main thread); by default one per core. */
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Memory for rendered pages, in MiB; 0 renders every page for every request. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** How long a rendered page is served before it is re-rendered behind (any change of content drops it at once). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** A folder holding the built front ends laid out as in the repository; by default the repository itself. */
  BUILDS_DIR: z.string().min(1).optional(),
});

export interface WebEnv {
  PUBLIC_ORIGIN: string;
  ADMIN_HOST: string;
  /** The back office's origin: PUBLIC_ORIGIN's scheme on ADMIN_HOST. */
  adminOrigin: string;
  /** "off", "shop" (outside production), or "host": on `storybookHost`, a host of its own. */
  STORYBOOK: "off" | "shop" | "host";
  /** Storybook's own host (and port) when STORYBOOK names one; null otherwise. */
  storybookHost: string | null;
  RENDER_THREADS: number;
  PAGE_CACHE_MB: number;
  PAGE_CACHE_SECONDS: number;
  /** Where the built front ends are (apps/storefront/dist and the rest below it); null: the repository. */
  BUILDS_DIR: string | null;
}

const hostOf = (origin: string) => new URL(origin).host;
const withoutPort = (host: string) => host.replace(/:\d+$/, "");

export type WebEnvResult = { env: WebEnv; problems: [] } | { env: null; problems: string[] };

const withoutEmpty = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));

/** The web settings, with the defaults that depend on the API's (its PORT and NODE_ENV), or every problem. */
export function loadWebEnv(api: Env, source: Record<string, string | undefined> = process.env): WebEnvResult {
  const parsed = WebEnvSchema.safeParse(withoutEmpty(source));
  const production = api.NODE_ENV === "production";
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`);
  const raw = parsed.success ? parsed.data : null;
  if (production) {
    // Without them a page would have to take its address from the request's Host header, which anyone can write.
    if (!source.PUBLIC_ORIGIN) problems.push("PUBLIC_ORIGIN: is required when NODE_ENV=production");
    if (!source.ADMIN_HOST) problems.push("ADMIN_HOST: is required when NODE_ENV=production");
    if (raw?.STORYBOOK === "shop") {
      problems.push(
        "STORYBOOK: must be off or a host of its own when NODE_ENV=production (the shop's origin holds shoppers' sessions)",
      );
    }
  }
  // A Storybook runs its own scripts: on the back office's origin they could read the admin tokens it keeps.
  const named = raw?.STORYBOOK && raw.STORYBOOK !== "shop" && raw.STORYBOOK !== "off" ? raw.STORYBOOK : null;
  const taken = [
    raw?.ADMIN_HOST ?? `admin.localhost:${api.PORT}`,
    hostOf(raw?.PUBLIC_ORIGIN ?? `http://localhost:${api.PORT}`),
  ];
  if (named && taken.some((host) => withoutPort(host) === withoutPort(named))) {
    problems.push("STORYBOOK: must be a host of its own, not the shop's nor the back office's");
  }
  if (!raw || problems.length) return { env: null, problems };
  const publicOrigin = raw.PUBLIC_ORIGIN ?? `http://localhost:${api.PORT}`;
  const adminHost = raw.ADMIN_HOST ?? `admin.localhost:${api.PORT}`;
  return {
    env: {
      PUBLIC_ORIGIN: publicOrigin,
      ADMIN_HOST: adminHost,
      adminOrigin: `${new URL(publicOrigin).protocol}//${adminHost}`,
      STORYBOOK: named
        ? "host"
        : ((raw.STORYBOOK as "shop" | "off" | undefined) ?? (production ? "off" : "shop")),
      storybookHost: named,
      RENDER_THREADS: raw.RENDER_THREADS ?? availableParallelism(),
      PAGE_CACHE_MB: raw.PAGE_CACHE_MB,
      PAGE_CACHE_SECONDS: raw.PAGE_CACHE_SECONDS,
      BUILDS_DIR: raw.BUILDS_DIR ?? null,
    },
    problems: [],
  };
}
