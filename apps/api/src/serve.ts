/**
 * Runs the shop's API as a process: configuration, database, migrations, first-start seed, listen, graceful
 * shutdown. `src/server.ts` runs the API alone; the one process that also serves the front ends (apps/server)
 * mounts them on the same app before it listens.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { type Env, EnvError, loadEnv } from "./env.ts";
import { sweepBackInStock } from "./modules/inventory/routes.ts";
import { cleanEarlierUploads, importDiskUploads } from "./modules/media/storage.ts";
import { sweepUnpaidOrders } from "./modules/orders/expiry.ts";
import { reconcileCardPayments } from "./modules/payments/gateway.ts";
import { sendReceipts } from "./modules/receipts/sending.ts";
import { FirstAdminError } from "./seed/index.ts";
import { prepareDatabase, StartRefused } from "./start.ts";

export interface ServeOptions {
  /**
   * What else the process serves: its settings checked with the API's before anything starts (problems as lines
   * of the one error), then registered on the API's app before it listens.
   */
  mount?: {
    checkEnv?(env: Env): string[];
    register(app: FastifyInstance, env: Env): Promise<void>;
  };
}

/** Reads the environment or stops the process with every problem named. */
function environment(options: ServeOptions): Env {
  try {
    const env = loadEnv();
    const problems = options.mount?.checkEnv?.(env) ?? [];
    if (problems.length) throw new EnvError(problems);
    return env;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function serve(options: ServeOptions = {}): Promise<void> {
  const env = environment(options);

  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DB_POOL_SIZE,
    ownerUrl: env.DATABASE_OWNER_URL,
  });
  await database.migrate();

  const app = await buildApp({ env, database });
  await options.mount?.register(app, env);
  try {
    await prepareDatabase(database, env, app.log);
  } catch (error) {
    if (error instanceof StartRefused || error instanceof FirstAdminError) {
      app.log.fatal(error.message);
      await app.close();
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  const imported = await importDiskUploads(database.db, env.DATA_DIR);
  if (imported)
    app.log.info(`${imported} uploaded images copied from ${env.DATA_DIR}/uploads into the database`);
  const earlier = await cleanEarlierUploads(database.db);
  if (earlier.cleaned)
    app.log.info(
      `${earlier.cleaned} pictures uploaded before the pipeline turned upright and stripped of their metadata`,
    );
  if (earlier.unreadable)
    app.log.warn(
      `${earlier.unreadable} pictures uploaded before the pipeline could not be read and are no longer served`,
    );
  sweepUnpaidOrders(app);
  reconcileCardPayments(app);
  // Signed e-CFs to the DGII, when it is configured (decision 066).
  sendReceipts(app);
  sweepBackInStock(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: no new connections, finishing in-flight requests");
    // Fastify's close stops accepting and waits for in-flight requests; then the pool closes.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: env.HOST, port: env.PORT });
  const where = env.DATABASE_URL?.startsWith("postgres")
    ? "PostgreSQL"
    : env.DATABASE_URL === "memory:"
      ? "in-memory PGlite"
      : `PGlite in ${env.DATA_DIR}`;
  app.log.info(
    `Shop${options.mount ? "" : " API"} on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}/api${env.NODE_ENV === "production" ? "" : " (docs at /api/docs)"}, database: ${where}`,
  );
}
