/** The back office's dashboard: revenue, orders per status, low stock, new customers and best sellers (admin). */
import { dashboardSchema } from "@shop/domain/schemas/admin";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../plugins/errors.ts";
import { dashboard } from "./repository.ts";

const query = z.object({
  days: z.coerce
    .number("must be a number of days")
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(365, "must be at most 365")
    .default(30),
});

export default async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/dashboard",
    {
      schema: {
        tags: ["dashboard"],
        summary:
          "Figures over the last `days` days in UTC (default 30): revenue per day in USD and DOP (cancelled orders excluded), orders per status, low stock, new customers, best sellers (admin)",
        security: [{ bearer: [] }],
        querystring: query,
        response: {
          200: dashboardSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      return dashboard(app.db, { days: request.query.days, now: new Date() });
    },
  );
}
