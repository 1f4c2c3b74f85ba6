/**
 * Banners: shoppers read the ones showing now (switched on and within their dates; the storefront asks for
 * active=true&position=...); admins read them all, and create, edit and delete them.
 */
import { bannerInputSchema } from "@shop/domain/schemas/admin";
import { bannerSchema } from "@shop/domain/schemas/public";
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
  sendList,
} from "../../lists.ts";
import { errorResponseSchema } from "../../plugins/errors.ts";
import {
  BANNER_SORT_FIELDS,
  deleteBanner,
  findBanner,
  insertBanner,
  listBanners,
  updateBanner,
} from "./repository.ts";

const positionText = z.string().trim().min(1).max(40);

const listQuery = listQuerySchema.extend({
  active: booleanText.optional(),
  position: positionText.optional(),
  q: z.string().trim().max(200).optional(),
});

export default async function bannerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/banners",
    {
      schema: {
        tags: ["banners"],
        summary: "List banners by position then sort order: those showing now, or (admin) all of them",
        querystring: listQuery,
        response: { 200: z.array(bannerSchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: BANNER_SORT_FIELDS });
      const { filter } = list;
      // Plain query parameters win over the same name inside react-admin's filter.
      const active = request.query.active ?? filterValue(filter, "active", booleanFilter);
      const now = new Date();
      // active=true: showing now; active=false: not showing now. Anyone but an admin sees only what shows now.
      const admin = request.caller?.role === "admin";
      if (!admin && active === false) return sendList(reply, [], 0, list);
      const showing = !admin || active !== undefined ? { value: active ?? true, now } : undefined;
      const filters = {
        q: request.query.q || filterValue(filter, "q", z.string().trim().max(200)),
        position: request.query.position ?? filterValue(filter, "position", positionText),
        showing,
        ids: filterIds(filter),
      };
      const { items, total } = await listBanners(app.db, {
        filters,
        sort: list.sort,
        offset: list.offset,
        limit: list.pageSize,
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/banners/:id",
    {
      schema: {
        tags: ["banners"],
        summary: "One banner (a shopper: only while it shows)",
        params: idParams,
        response: { 200: bannerSchema, 404: errorResponseSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const showingNow = request.caller?.role === "admin" ? undefined : new Date();
      const banner = await findBanner(app.db, request.params.id, showingNow);
      if (!banner) throw notFound("Banner");
      return banner;
    },
  );

  r.post(
    "/banners",
    {
      schema: {
        tags: ["banners"],
        summary: "Create a banner (admin)",
        security: [{ bearer: [] }],
        body: bannerInputSchema,
        response: { 201: bannerSchema },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const banner = await insertBanner(app.db, request.body);
      return reply.code(201).send(banner);
    },
  );

  r.put(
    "/banners/:id",
    {
      schema: {
        tags: ["banners"],
        summary: "Replace a banner (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        body: bannerInputSchema,
        response: { 200: bannerSchema, 404: errorResponseSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const banner = await updateBanner(app.db, request.params.id, request.body);
      if (!banner) throw notFound("Banner");
      return banner;
    },
  );

  r.delete(
    "/banners/:id",
    {
      schema: {
        tags: ["banners"],
        summary: "Delete a banner (admin); answers 204 with no body",
        security: [{ bearer: [] }],
        params: idParams,
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      if (!(await deleteBanner(app.db, request.params.id))) throw notFound("Banner");
      return reply.code(204).send();
    },
  );
}
