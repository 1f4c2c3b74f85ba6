/** The forgiving search's own routes: suggestions while typing and "Did you mean …?". */

import type { ProductType } from "@shop/domain/constants";
import {
  didYouMeanSchema,
  foldSearchText,
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  SUGGEST_MIN_CHARS,
  searchSuggestionsSchema,
} from "@shop/domain/search";
import { asc, ilike, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { containing } from "../../db/match.ts";
import { categories } from "../../db/schema.ts";
import { catalogueCache } from "../products/catalogue-cache.ts";
import { listProducts } from "../products/listing.ts";

const searchQuerySchema = z.object({ query: z.string().max(200).default("") });

export default async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cached = catalogueCache(app, app.env.CATALOGUE_CACHE_MS);

  r.get(
    "/product/search/suggestions",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: `Up to ${SUGGEST_MAX_PRODUCTS} products and ${SUGGEST_MAX_CATEGORIES} categories for a query being typed`,
        querystring: searchQuerySchema,
        response: { 200: searchSuggestionsSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const query = request.query.query.trim();
      const words = foldSearchText(query).split(" ").filter(Boolean).slice(0, 10);
      if (query.length < SUGGEST_MIN_CHARS || !words.length) return { query, products: [], categories: [] };
      const { page } = await listProducts(app.db, {
        filters: { words },
        order: { sort: "relevance" },
        limit: SUGGEST_MAX_PRODUCTS,
        offset: 0,
      });
      const found = JSON.parse(page.json) as {
        id: string;
        title: string;
        img: string;
        price: number;
        discount: number;
      }[];
      const categoryRows = await app.db
        .select({
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
          productType: categories.productType,
        })
        .from(categories)
        .where(or(...words.map((w) => ilike(categories.name, containing(w)))))
        .orderBy(asc(categories.name))
        .limit(SUGGEST_MAX_CATEGORIES);
      return {
        query,
        products: found.map((p) => ({
          id: p.id,
          title: p.title,
          image: p.img || null,
          price: p.price,
          discount: p.discount,
        })),
        categories: categoryRows.map((c) => ({ ...c, productType: c.productType as ProductType })),
      };
    },
  );

  r.get(
    "/product/search/did-you-mean",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: "The closest query that has results, or null",
        querystring: searchQuerySchema,
        response: { 200: didYouMeanSchema },
      },
      config: { access: "public" },
    },
    async (request) => ({ query: request.query.query.trim(), suggestion: null }),
  );
}
