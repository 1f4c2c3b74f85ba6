/** Shipping methods: shoppers see the active ones at checkout; admins list, create, edit and delete them all. */
import { shippingMethodInputSchema, shippingMethodSchema } from "@shop/domain/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import {
  deleteShippingMethod,
  findShippingMethod,
  insertShippingMethod,
  listShippingMethods,
  SHIPPING_SORT_FIELDS,
  toShippingMethod,
  updateShippingMethod,
} from "./repository.ts";

const booleanText = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");
/** react-admin sends filter values as JSON, so a boolean may arrive as true or as "true". */
const booleanFilter = z.union([z.boolean(), booleanText]);
const text = z.string().trim().max(200);

const listQuery = listQuerySchema.extend({ q: text.optional(), active: booleanText.optional() });
const idParams = z.object({ id: z.string().min(1).max(100) });
const errorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
});

export default async function shippingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The token's role picks the admin view; the database has the last word (a demoted admin gets the shopper's view). */
  async function callerIsAdmin(request: FastifyRequest): Promise<boolean> {
    if (request.caller?.role !== "admin") return false;
    try {
      await app.requireAdmin(request);
      return true;
    } catch (error) {
      if (error instanceof HttpError) return false;
      throw error;
    }
  }

  r.get(
    "/shipping",
    {
      schema: {
        tags: ["shipping"],
        summary:
          "Shipping methods: the active ones by sort order; admins see all, with react-admin's sort/range/filter",
        querystring: listQuery,
        response: { 200: z.array(shippingMethodSchema), 400: errorBody },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: SHIPPING_SORT_FIELDS, defaultPageSize: 100 });
      const admin = await callerIsAdmin(request);
      const { filter } = list;
      const filters = {
        q: request.query.q || filterValue(filter, "q", text),
        // Shoppers only ever see what they can choose at checkout.
        active: admin ? (request.query.active ?? filterValue(filter, "active", booleanFilter)) : true,
        ids: filterIds(filter),
      };
      const { items, total } = await listShippingMethods(app.db, list, filters);
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/shipping/:id",
    {
      schema: {
        tags: ["shipping"],
        summary: "One shipping method (an inactive one only for admins)",
        params: idParams,
        response: { 200: shippingMethodSchema, 404: errorBody },
      },
    },
    async (request) => {
      const row = await findShippingMethod(app.db, request.params.id);
      if (!row || (!row.active && !(await callerIsAdmin(request)))) throw notFound("Shipping method");
      return toShippingMethod(row);
    },
  );

  r.post(
    "/shipping",
    {
      schema: {
        tags: ["shipping"],
        summary: "Create a shipping method (admin)",
        security: [{ bearer: [] }],
        body: shippingMethodInputSchema,
        response: { 201: shippingMethodSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      await app.requireAdmin(request);
      return reply.code(201).send(await insertShippingMethod(app.db, request.body));
    },
  );

  r.put(
    "/shipping/:id",
    {
      schema: {
        tags: ["shipping"],
        summary: "Replace a shipping method (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        body: shippingMethodInputSchema,
        response: {
          200: shippingMethodSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      await app.requireAdmin(request);
      const method = await updateShippingMethod(app.db, request.params.id, request.body);
      if (!method) throw notFound("Shipping method");
      return method;
    },
  );

  r.delete(
    "/shipping/:id",
    {
      schema: {
        tags: ["shipping"],
        summary: "Delete a shipping method (admin); past orders keep its name. Answers the deleted method",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: shippingMethodSchema, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await app.requireAdmin(request);
      const method = await deleteShippingMethod(app.db, request.params.id);
      if (!method) throw notFound("Shipping method");
      return method;
    },
  );
}
