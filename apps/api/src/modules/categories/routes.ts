/** The catalogue's categories with their subcategories and product counts; writes are the admin's. */
import { PRODUCT_TYPES } from "@shop/domain/constants";
import { categoryInputSchema } from "@shop/domain/schemas/admin";
import { categorySchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, idParams, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import {
  CATEGORY_SORT_FIELDS,
  createCategory,
  deleteCategory,
  findCategory,
  listCategories,
  updateCategory,
} from "./repository.ts";

/** Categories are few: the storefront asks for all of them at once. */
const DEFAULT_PAGE_SIZE = 100;
const FILTER_KEYS = ["q", "id", "productType"];

const categoryListQuerySchema = listQuerySchema.extend({
  q: z.string().max(200).optional(),
  productType: z.enum(PRODUCT_TYPES, { error: `must be one of: ${PRODUCT_TYPES.join(", ")}` }).optional(),
});

export default async function categoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/categories",
    {
      schema: {
        tags: ["categories"],
        summary: "Categories with subcategories and product counts; react-admin's sort/range/filter accepted",
        querystring: categoryListQuerySchema,
        response: { 200: z.array(categorySchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, {
        sortFields: CATEGORY_SORT_FIELDS,
        defaultPageSize: DEFAULT_PAGE_SIZE,
      });
      if (request.query.sort !== undefined && !list.sort) {
        throw badRequest(
          `sort must be a JSON array such as ["name","ASC"] with a field among: ${CATEGORY_SORT_FIELDS.join(", ")}`,
        );
      }
      const unknown = Object.keys(list.filter).filter((key) => !FILTER_KEYS.includes(key));
      if (unknown.length) {
        throw badRequest(
          `Cannot filter categories by '${unknown[0]}'; filter by one of: ${FILTER_KEYS.join(", ")}`,
        );
      }
      const { items, total } = await listCategories(app.db, {
        filters: {
          q: request.query.q ?? filterValue(list.filter, "q", z.string().max(200)),
          productType:
            request.query.productType ?? filterValue(list.filter, "productType", z.enum(PRODUCT_TYPES)),
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
    "/categories/:id",
    {
      schema: {
        tags: ["categories"],
        summary: "One category by id or slug",
        params: idParams,
        response: { 200: categorySchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const category = await findCategory(app.db, request.params.id);
      if (!category) throw notFound("Category");
      return category;
    },
  );

  r.post(
    "/categories",
    {
      config: { access: "admin" },
      schema: {
        tags: ["categories"],
        summary: "Create a category (admin); its slug comes from the name and must be unique",
        security: [{ bearer: [] }],
        body: categoryInputSchema,
        response: { 201: categorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, request.body)),
  );

  r.put(
    "/categories/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["categories"],
        summary: "Replace a category (admin); removing a subcategory that products use is refused",
        security: [{ bearer: [] }],
        params: idParams,
        body: categoryInputSchema,
        response: { 200: categorySchema },
      },
    },
    async (request) => updateCategory(app.db, request.params.id, request.body),
  );

  r.delete(
    "/categories/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["categories"],
        summary: "Delete a category without products (admin); answers the deleted record",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: categorySchema },
      },
    },
    async (request) => deleteCategory(app.db, request.params.id),
  );
}
