/** Shipping methods: shoppers see the active ones at checkout; admins list, create, edit and delete them all. */
import { shippingMethodInputSchema } from "@shop/domain/schemas/admin";
import { shippingMethodSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http-errors.ts";
import {
  booleanFilter,
  booleanText,
  filterIds,
  filterValue,
  idParams,
  listQuerySchema,
  parseListQuery,
  searchTextSchema,
  sendList,
} from "../../lists.ts";
import { errorResponseSchema } from "../../plugins/errors.ts";
import { findShippingMethod } from "./checkout.ts";
import {
  deleteShippingMethod,
  insertShippingMethod,
  listShippingMethods,
  SHIPPING_SORT_FIELDS,
  toShippingMethod,
  updateShippingMethod,
} from "./repository.ts";

const listQuery = listQuerySchema.extend({ q: searchTextSchema.optional(), active: booleanText.optional() });

export default async function shippingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/shipping",
    {
      schema: {
        tags: ["shipping"],
        summary:
          "Shipping methods: the active ones by sort order; admins see all, with react-admin's sort/range/filter",
        querystring: listQuery,
        response: { 200: z.array(shippingMethodSchema), 400: errorResponseSchema },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: SHIPPING_SORT_FIELDS, defaultPageSize: 100 });
      const admin = request.caller?.role === "admin";
      const { filter } = list;
      const filters = {
        q: request.query.q || filterValue(filter, "q", searchTextSchema),
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
        response: { 200: shippingMethodSchema, 404: errorResponseSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const row = await findShippingMethod(app.db, request.params.id);
      if (!row || (!row.active && request.caller?.role !== "admin")) throw notFound("Shipping method");
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
        response: {
          201: shippingMethodSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
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
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
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
        response: {
          200: shippingMethodSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const method = await deleteShippingMethod(app.db, request.params.id);
      if (!method) throw notFound("Shipping method");
      return method;
    },
  );
}
