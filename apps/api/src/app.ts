/** Builds the shop's API as a Fastify app under /api; server.ts listens, tests call app.inject(). */
import { join } from "node:path";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Database, Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import { LIST_HEADERS } from "./lists.ts";
import bannerRoutes from "./modules/banners/routes.ts";
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
import productRoutes from "./modules/products/routes.ts";
import reviewRoutes from "./modules/reviews/routes.ts";
import shippingRoutes from "./modules/shipping/routes.ts";
import uploadRoutes from "./modules/uploads/routes.ts";
import { createMailer, type Mailer } from "./modules/users/mailer.ts";
import userRoutes from "./modules/users/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { type WebOptions, webPlugin } from "./web/plugin.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
    mailer: Mailer;
  }
}

export interface BuildOptions {
  env: Env;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Where the built front ends are; without it only /api is served. */
  web?: WebOptions;
}

export async function buildApp({ env, database, logger, web }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  app.decorate("database", database);
  app.decorate("env", env);
  app.decorate(
    "mailer",
    createMailer({
      // In-memory shops (tests, demos) keep mail in memory; otherwise it goes to an outbox folder.
      outboxDir: env.DATABASE_URL === "memory:" ? null : join(env.DATA_DIR, "outbox"),
      log: (message) => app.log.info(message),
    }),
  );

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
    origin: [...env.SHOP_ORIGIN, ...env.ADMIN_ORIGIN],
    methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
    allowedHeaders: ["Content-Type", "Authorization", "Idempotency-Key"],
    exposedHeaders: LIST_HEADERS,
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, { secret: env.JWT_SECRET });

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
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(
    async (api) => {
      for (const routes of [
        healthRoutes,
        exchangeRoutes,
        productRoutes,
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
      ]) {
        await api.register(routes);
      }
    },
    { prefix: "/api" },
  );
  if (web) await app.register(webPlugin, web);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
