/** The forgiving search's own routes: suggestions while typing, "Did you mean …?", and the synonyms staff keep. */
import {
  didYouMeanSchema,
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  searchSuggestionsSchema,
} from "@shop/domain/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogueCache } from "../products/catalogue-cache.ts";
import { didYouMean, searchSuggestions } from "./suggest.ts";

const searchQuerySchema = z.object({
  query: z.string().max(200, "must be at most 200 characters").default(""),
});

export default async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cached = catalogueCache(app, app.env.CATALOGUE_CACHE_MS);

  r.get(
    "/product/search/suggestions",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: `Up to ${SUGGEST_MAX_PRODUCTS} products and ${SUGGEST_MAX_CATEGORIES} categories for a query being typed (its last word as a prefix)`,
        querystring: searchQuerySchema,
        response: { 200: searchSuggestionsSchema },
      },
      config: { access: "public" },
    },
    async (request) => searchSuggestions(app.db, request.query.query),
  );

  r.get(
    "/product/search/did-you-mean",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: "The closest query that finds products, or null",
        querystring: searchQuerySchema,
        response: { 200: didYouMeanSchema },
      },
      config: { access: "public" },
    },
    async (request) => didYouMean(app.db, request.query.query),
  );
}
