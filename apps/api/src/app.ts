/** Builds the shop's API as a Fastify app under /api; server.ts listens, tests call app.inject(). */
import { join } from "node:path";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Database, Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import { LIST_HEADERS } from "./lists.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import auditRoutes from "./modules/audit/routes.ts";
import bannerRoutes from "./modules/banners/routes.ts";
import { bannerSchedule } from "./modules/banners/schedule.ts";
import blogRoutes from "./modules/blog/routes.ts";
import brandRoutes from "./modules/brands/routes.ts";
import categoryRoutes from "./modules/categories/routes.ts";
import contactRoutes from "./modules/contact/routes.ts";
import couponRoutes from "./modules/coupons/routes.ts";
import dashboardRoutes from "./modules/dashboard/routes.ts";
import exchangeRoutes from "./modules/exchange/routes.ts";
import healthRoutes from "./modules/health/routes.ts";
import imageRoutes from "./modules/images/routes.ts";
import orderRoutes from "./modules/orders/routes.ts";
import { catalogueVersion, contentChanged } from "./modules/products/catalogue-cache.ts";
import productRoutes from "./modules/products/routes.ts";
import reviewRoutes from "./modules/reviews/routes.ts";
import searchRoutes from "./modules/search/routes.ts";
import shippingRoutes from "./modules/shipping/routes.ts";
import sitemapRoutes from "./modules/sitemap/routes.ts";
import uploadRoutes from "./modules/uploads/routes.ts";
import {
  databaseLoginLimits,
  deviceCookies,
  type LoginLimits,
  redisLoginLimits,
} from "./modules/users/login-limits.ts";
import userRoutes from "./modules/users/routes.ts";
import { sessionAlive, watchSessions } from "./modules/users/sessions.ts";
import { authPlugin, requireAccessDeclarations } from "./plugins/auth.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { rateLimitsPlugin } from "./plugins/rate-limits.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
    mailer: Mailer;
    /**
     * The version of everything the storefront shows (catalogue, banners, posts, coupons, rates...), bumped in
     * every process by any change; null while a change made elsewhere could go unheard. Pages drawn from the
     * API's answers are kept while it stands.
     */
    contentVersion(): number | null;
    /** Login attempts per account and per device cookie (docs/decisions/031-login-limits-per-account.md). */
    loginLimits: LoginLimits;
    deviceCookies: ReturnType<typeof deviceCookies>;
  }
}

/** As with the other limits (decision 018): a Redis that does not answer must not lock every shopper out. */
function failingOpen(limits: LoginLimits, app: FastifyInstance): LoginLimits {
  return {
    attempt: (key) =>
      limits.attempt(key).catch((error: unknown) => {
        app.log.error({ err: error }, "login-limit store failed; attempt not limited");
        return { allowed: true, retryAfterMs: 0 };
      }),
    clear: (key) =>
      limits.clear(key).catch((error: unknown) => {
        app.log.error({ err: error }, "login-limit store failed to clear a count");
      }),
  };
}

export interface BuildOptions {
  env: Env;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a list of proxies as it is; a hop count as "trust the nearest n hops"
 * (for an API that only those proxies can reach); false as false.
 */
function trustedProxies(setting: Env["TRUST_PROXY"]) {
  if (typeof setting === "number") return (_address: string, hop: number) => hop < setting;
  return setting;
}

export async function buildApp({ env, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  app.decorate("database", database);
  app.decorate("env", env);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    // Without SMTP, in-memory shops (tests, demos) keep mail in memory; others write it to an outbox folder.
    outboxDir: env.DATABASE_URL === "memory:" ? null : join(env.DATA_DIR, "outbox"),
    log: (message) => app.log.info(message),
  });
  app.decorate("mailer", mailer);
  const bannerDates = bannerSchedule(database.db);
  app.decorate("contentVersion", () => {
    bannerDates();
    return catalogueVersion(database.db);
  });
  app.addHook("onClose", () => mailer.close());

  await app.register(errorsPlugin);
  await app.register(helmet, {
    crossOriginResourcePolicy: { policy: "cross-origin" },
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:"],
        "script-src": ["'self'"],
        // The storefront's MUI styles are injected at run time (emotion) and set in style attributes.
        "style-src": ["'self'", "https:", "'unsafe-inline'"],
        // The product video overlay embeds YouTube's privacy-enhanced player.
        "frame-src": ["https://www.youtube-nocookie.com"],
      },
    },
  });
  await app.register(cors, {
    origin: env.corsOrigins,
    methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
    allowedHeaders: ["Content-Type", "Authorization", "Idempotency-Key"],
    exposedHeaders: LIST_HEADERS,
    maxAge: 600,
  });
  await app.register(authPlugin, {
    secret: env.JWT_SECRET,
    sessionAlive: (userId, sessionId) => sessionAlive(database.db, userId, sessionId),
  });
  // Sessions ended by any process reach this one's memory through the database's notifications.
  await watchSessions(app);
  // Counters every process shares: Redis when configured, the database otherwise.
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true })
    : undefined;
  if (redis) {
    redis.on("error", (error) => app.log.error({ err: error }, "Redis"));
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimitsPlugin, { db: database.db, redis, exempt: env.RATE_LIMIT_EXEMPT });
  app.decorate(
    "loginLimits",
    redis ? failingOpen(redisLoginLimits(redis), app) : databaseLoginLimits(database.db),
  );
  app.decorate("deviceCookies", deviceCookies(env.JWT_SECRET, { secure: env.NODE_ENV === "production" }));

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Shop API",
        description: "The shop's storefront and back-office API.",
        version: "1.0.0",
      },
      servers: [{ url: "/" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API's map is for developers: in production it is not served at all.
  if (env.NODE_ENV !== "production") {
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  }

  await app.register(
    async (api) => {
      requireAccessDeclarations(api);
      for (const routes of [
        healthRoutes,
        exchangeRoutes,
        productRoutes,
        searchRoutes,
        categoryRoutes,
        brandRoutes,
        bannerRoutes,
        blogRoutes,
        contactRoutes,
        uploadRoutes,
        imageRoutes,
        userRoutes,
        orderRoutes,
        couponRoutes,
        shippingRoutes,
        reviewRoutes,
        dashboardRoutes,
        sitemapRoutes,
        auditRoutes,
      ]) {
        await api.register(routes);
      }
    },
    { prefix: "/api" },
  );
  // A staff write changes what the storefront shows: every process hears of it before the answer leaves.
  app.addHook("onSend", async (request, reply, payload) => {
    const write = request.method !== "GET" && request.method !== "HEAD";
    if (write && reply.statusCode < 400 && request.routeOptions.config?.access === "admin") {
      await contentChanged(database.db);
    }
    return payload;
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
