/** Starts the shop's API: configuration, database, migrations, first-start seed, listen, graceful shutdown. */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { EnvError, loadEnv } from "./env.ts";
import { sweepUnpaidOrders } from "./modules/orders/expiry.ts";
import { importDiskUploads } from "./modules/uploads/storage.ts";
import { FirstAdminError } from "./seed/index.ts";
import { prepareDatabase, StartRefused } from "./start.ts";

/** The front ends built next to this package in the repository (apps/api/dist/server.js -> the repository root). */
function builtFrontEnds() {
  const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
  return {
    storefrontDir: resolve(root, "apps/storefront/dist"),
    storefrontRenderer: resolve(root, "apps/storefront/dist-ssr/entry-server.js"),
    backofficeDir: resolve(root, "apps/backoffice/dist"),
    storybookDir: resolve(root, "packages/ui/storybook-static"),
  };
}

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DB_POOL_SIZE,
  });
  await database.migrate();

  const app = await buildApp({ env, database, web: builtFrontEnds() });
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
  sweepUnpaidOrders(app);
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
    `Shop API on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}/api${env.NODE_ENV === "production" ? "" : " (docs at /api/docs)"}, database: ${where}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
