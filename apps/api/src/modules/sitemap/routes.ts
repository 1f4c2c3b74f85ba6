/** What the storefront's sitemap lists: how many products, categories and posts there are, and their keys a page at a time. */

import { SITEMAP_SECTIONS, sitemapCountsSchema, sitemapEntrySchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { categoryPage, countSitemapRows, postPage, productPage } from "./repository.ts";

/** The sitemap protocol's limit per file, and so the most one call answers. */
const MAX_ROWS = 50_000;

const sections = { products: productPage, categories: categoryPage, posts: postPage } as const;

export default async function sitemapRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/sitemap",
    {
      schema: {
        tags: ["sitemap"],
        summary: "How many products, categories and blog posts the sitemap lists",
        response: { 200: sitemapCountsSchema },
      },
      config: { access: "public" },
    },
    async () => countSitemapRows(app.db),
  );

  r.get(
    "/sitemap/:section",
    {
      schema: {
        tags: ["sitemap"],
        summary: "Keys (id or slug) and last change of products, categories or posts, in a stable order",
        params: z.object({ section: z.enum(SITEMAP_SECTIONS) }),
        querystring: z.object({
          offset: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(MAX_ROWS).default(MAX_ROWS),
        }),
        response: { 200: z.array(sitemapEntrySchema) },
      },
      config: { access: "public" },
    },
    async (request) => {
      const { offset, limit } = request.query;
      const rows = await sections[request.params.section](app.db, offset, limit);
      return rows.map((row) => ({ key: row.key, updatedAt: row.updatedAt?.toISOString() ?? null }));
    },
  );
}
