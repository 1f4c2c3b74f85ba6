/** Builds the shop's API as a Fastify app under /api; server.ts listens, tests call app.inject(). */
import { join } from "node:path";
import cors from "@fastify/cors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { catalogueVersion, contentChanged, signalsOwnChange } from "./catalogue-cache/catalogue-cache.ts";
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
import inventoryRoutes from "./modules/inventory/routes.ts";
import mediaRoutes from "./modules/media/routes.ts";
import orderRoutes from "./modules/orders/routes.ts";
import paymentRoutes from "./modules/payments/routes.ts";
import { suggestionListing } from "./modules/products/listing.ts";
import productRoutes from "./modules/products/routes.ts";
import variantRoutes from "./modules/products/variant-routes.ts";
import receiptRoutes from "./modules/receipts/routes.ts";
import returnRoutes from "./modules/returns/routes.ts";
import reviewRoutes from "./modules/reviews/routes.ts";
import searchRoutes from "./modules/search/routes.ts";
import shippingRoutes from "./modules/shipping/routes.ts";
import sitemapRoutes from "./modules/sitemap/routes.ts";
import {
  databaseLoginLimits,
  deviceCookies,
  type LoginLimits,
  redisLoginLimits,
} from "./modules/users/login-limits.ts";
import userRoutes from "./modules/users/routes.ts";
import { sessionAlive, watchSessions } from "./modules/users/sessions.ts";
import { authPlugin, requireAccessDeclarations } from "./plugins/auth.ts";
import { errorsPlugin, loggableError } from "./plugins/errors.ts";
import { rateLimitsPlugin } from "./plugins/rate-limits.ts";
import { redisCounters } from "./plugins/redis-counters.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
    mailer: Mailer;
    /**
     * The version of everything the storefront shows (catalogue, banners, posts, coupons, rates...), bumped in
     * every process by any change; null while a change made elsewhere could go unheard. Pages rendered from
     * the API's answers are cached while it stands.
     */
    contentVersion(): number | null;
    /** Login attempts per account and per device cookie (docs/decisions/031-login-limits-per-account.md). */
    loginLimits: LoginLimits;
    deviceCookies: ReturnType<typeof deviceCookies>;
  }
}

export interface BuildOptions {
  env: Env;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** The waits between tries of a mail sent after its answer (mail/mailer.ts); tests shorten them. */
  mailRetryDelaysMs?: readonly number[];
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a list of proxies as it is; a hop count as "trust the nearest n hops"
 * (for an API that only those proxies can reach); false as false.
 */
function trustedProxies(setting: Env["TRUST_PROXY"]) {
  if (typeof setting === "number") return (_address: string, hop: number) => hop < setting;
  return setting;
}

export async function buildApp({
  env,
  database,
  logger,
  mailRetryDelaysMs,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A client that sends its request a byte at a time holds a connection: the whole request must arrive within
    // REQUEST_TIMEOUT_SECONDS (a shopper's form takes seconds even on 2G; a 5 MiB picture, 56 s over good 3G), its
    // headers within HEADERS_TIMEOUT_SECONDS, and no more than IDLE_TIMEOUT_SECONDS may pass without a byte while a
    // request is under way. Node checks those every second, not every 30 (its default). Figures: decision 046.
    requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: env.IDLE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(env.HEADERS_TIMEOUT_SECONDS, env.REQUEST_TIMEOUT_SECONDS) * 1000,
      connectionsCheckingInterval: 1000,
    },
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
    warn: (message, error) => app.log.warn(error ? { err: loggableError(error) } : {}, message),
    ...(mailRetryDelaysMs ? { retryDelaysMs: mailRetryDelaysMs } : {}),
  });
  app.decorate("mailer", mailer);
  const bannerDates = bannerSchedule(database.db);
  app.decorate("contentVersion", () => {
    bannerDates();
    return catalogueVersion(database.db);
  });
  app.addHook("onClose", () => mailer.close());

  await app.register(errorsPlugin);
  // Security headers (helmet), its middleware made once: @fastify/helmet makes it again for every request, its
  // policy parsed each time (4 µs a request against 0.16 µs, some 6% of a core at 16,000 requests a second).
  const securityHeaders = helmet({
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
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
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
  // Counters every process shares: Redis when configured (the database while it is away), the database otherwise.
  const counters = env.REDIS_URL
    ? redisCounters(env.REDIS_URL, { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) })
    : undefined;
  if (counters) app.addHook("onClose", async () => counters.close());
  await app.register(rateLimitsPlugin, { db: database.db, redis: counters, exempt: env.RATE_LIMIT_EXEMPT });
  app.decorate(
    "loginLimits",
    counters
      ? redisLoginLimits(counters, databaseLoginLimits(database.db))
      : databaseLoginLimits(database.db),
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
      await api.register(healthRoutes);
      await api.register(exchangeRoutes);
      await api.register(productRoutes);
      // The search reads the listing through what it is handed, so neither module imports the other both ways.
      await api.register(searchRoutes, { listing: suggestionListing });
      for (const routes of [
        categoryRoutes,
        brandRoutes,
        bannerRoutes,
        blogRoutes,
        contactRoutes,
        mediaRoutes,
        imageRoutes,
        userRoutes,
        orderRoutes,
        paymentRoutes,
        returnRoutes,
        inventoryRoutes,
        variantRoutes,
        couponRoutes,
        shippingRoutes,
        reviewRoutes,
        dashboardRoutes,
        sitemapRoutes,
        auditRoutes,
        receiptRoutes,
      ]) {
        await api.register(routes);
      }
    },
    { prefix: "/api" },
  );
  // An answer that depends on who asks (a signed-in route, a token sent, a sign-in's tokens) is kept by no cache:
  // not the browser's, not a proxy's, not a shared computer's back button.
  app.addHook("onSend", async (request, reply, payload) => {
    const access = request.routeOptions.config?.access;
    if (!access) return payload;
    const read = request.method === "GET" || request.method === "HEAD";
    if (access !== "public" || !read || request.headers.authorization || request.caller) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
  // A staff write changes what the storefront shows: every process hears of it before the answer leaves.
  app.addHook("onSend", async (request, reply, payload) => {
    const write = request.method !== "GET" && request.method !== "HEAD";
    const admin = request.routeOptions.config?.access === "admin";
    if (write && reply.statusCode < 400 && admin && !signalsOwnChange.has(request)) {
      await contentChanged(database.db);
    }
    return payload;
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
