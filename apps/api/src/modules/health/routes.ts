/** Health check for load balancers and the storefront: 200 while the database answers, 503 when it does not. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../plugins/errors.ts";

/** A database that hangs is as down as one that refuses. */
const PING_TIMEOUT_MS = 2000;

const up = z.object({ status: z.literal("ok"), database: z.literal("up") });
const down = z.object({ status: z.literal("unavailable"), database: z.literal("down") });

export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      return await Promise.race([app.database.ping().catch(() => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  // Fastify answers HEAD /health from this GET route, with the same status and no body.
  r.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the API and its database answer (GET or HEAD)",
        response: { 200: up, 503: down },
      },
      config: { access: "public" },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      if (await databaseAnswers()) return reply.code(200).send({ status: "ok", database: "up" } as const);
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: "unavailable", database: "down" } as const);
    },
  );
}
