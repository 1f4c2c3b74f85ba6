/** The catalogue's brands with product counts; writes are the admin's. */
import { brandInputSchema } from "@shop/domain/schemas/admin";
import { brandSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, idParams, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import {
  BRAND_SORT_FIELDS,
  createBrand,
  deleteBrand,
  findBrand,
  listBrands,
  updateBrand,
} from "./repository.ts";

/** Brands are few: the sidebar and the admin's selects ask for all of them at once. */
const DEFAULT_PAGE_SIZE = 100;
const FILTER_KEYS = ["q", "id"];
const brandListQuerySchema = listQuerySchema.extend({ q: z.string().max(200).optional() });

export default async function brandsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/brands",
    {
      schema: {
        tags: ["brands"],
        summary: "Brands with product counts; react-admin's sort/range/filter accepted",
        querystring: brandListQuerySchema,
        response: { 200: z.array(brandSchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, {
        sortFields: BRAND_SORT_FIELDS,
        defaultPageSize: DEFAULT_PAGE_SIZE,
      });
      if (request.query.sort !== undefined && !list.sort) {
        throw badRequest(
          `sort must be a JSON array such as ["name","ASC"] with a field among: ${BRAND_SORT_FIELDS.join(", ")}`,
        );
      }
      const unknown = Object.keys(list.filter).filter((key) => !FILTER_KEYS.includes(key));
      if (unknown.length) {
        throw badRequest(
          `Cannot filter brands by '${unknown[0]}'; filter by one of: ${FILTER_KEYS.join(", ")}`,
        );
      }
      const { items, total } = await listBrands(app.db, {
        filters: {
          q: request.query.q ?? filterValue(list.filter, "q", z.string().max(200)),
          ids: filterIds(list.filter),
        },
        sort: list.sort,
        limit: list.pageSize,
        offset: list.offset,
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/brands/:id",
    {
      schema: {
        tags: ["brands"],
        summary: "One brand by id or slug, with its product count",
        params: idParams,
        response: { 200: brandSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const brand = await findBrand(app.db, request.params.id);
      if (!brand) throw notFound("Brand");
      return brand;
    },
  );

  r.post(
    "/brands",
    {
      config: { access: "admin" },
      schema: {
        tags: ["brands"],
        summary: "Create a brand (admin); its slug comes from the name and must be unique",
        security: [{ bearer: [] }],
        body: brandInputSchema,
        response: { 201: brandSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createBrand(app.db, request.body)),
  );

  r.put(
    "/brands/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["brands"],
        summary: "Replace a brand (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        body: brandInputSchema,
        response: { 200: brandSchema },
      },
    },
    async (request) => updateBrand(app.db, request.params.id, request.body),
  );

  r.delete(
    "/brands/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["brands"],
        summary: "Delete a brand without products (admin); a brand in use is refused with 409",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: brandSchema },
      },
    },
    async (request) => deleteBrand(app.db, request.params.id),
  );
}
