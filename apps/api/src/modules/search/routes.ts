/** The forgiving search's own routes: suggestions while typing, "Did you mean …?", and the synonyms staff keep. */
import { LISTING_LIMITS } from "@shop/domain/catalogue";
import {
  didYouMeanSchema,
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  searchSuggestionsSchema,
  synonymInputSchema,
  synonymSchema,
} from "@shop/domain/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogueCache } from "../../catalogue-cache/catalogue-cache.ts";
import { badRequest, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, idParams, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { didYouMean, type SuggestionListing, searchSuggestions } from "./suggest.ts";
import {
  createSynonym,
  deleteSynonym,
  findSynonym,
  listSynonyms,
  SYNONYM_SORT_FIELDS,
  updateSynonym,
} from "./synonyms.ts";

const FILTER_KEYS = ["q", "id"];
const { maxText } = LISTING_LIMITS;
const synonymListQuerySchema = listQuerySchema.extend({ q: z.string().max(maxText).optional() });

const searchQuerySchema = z.object({
  query: z.string().max(maxText, `must be at most ${maxText} characters`).default(""),
});

/** The search's routes; `listing` is the catalogue's listing the suggestions read (app.ts hands it over). */
export default async function searchRoutes(app: FastifyInstance, options: { listing: SuggestionListing }) {
  const { listing } = options;
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
    async (request) => searchSuggestions(app.db, listing, request.query.query),
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
    async (request) => didYouMean(app.db, listing, request.query.query),
  );

  r.get(
    "/synonyms",
    {
      config: { access: "admin" },
      schema: {
        tags: ["synonyms"],
        summary:
          "The search's synonyms (admin), by term; react-admin's sort/range/filter, q in term or meaning",
        security: [{ bearer: [] }],
        querystring: synonymListQuerySchema,
        response: { 200: z.array(synonymSchema) },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: SYNONYM_SORT_FIELDS });
      const unknown = Object.keys(list.filter).filter((key) => !FILTER_KEYS.includes(key));
      if (unknown.length) {
        throw badRequest(
          `Cannot filter synonyms by '${unknown[0]}'; filter by one of: ${FILTER_KEYS.join(", ")}`,
        );
      }
      const { items, total } = await listSynonyms(app.db, {
        q: request.query.q ?? filterValue(list.filter, "q", z.string().max(maxText)),
        ids: filterIds(list.filter),
        sort: list.sort,
        limit: list.pageSize,
        offset: list.offset,
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/synonyms/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["synonyms"],
        summary: "One synonym (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: synonymSchema },
      },
    },
    async (request) => {
      const synonym = await findSynonym(app.db, request.params.id);
      if (!synonym) throw notFound("Synonym");
      return synonym;
    },
  );

  r.post(
    "/synonyms",
    {
      config: { access: "admin" },
      schema: {
        tags: ["synonyms"],
        summary: "Add a synonym (admin): searches read it at once, in every process",
        security: [{ bearer: [] }],
        body: synonymInputSchema,
        response: { 201: synonymSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createSynonym(app.db, request.body)),
  );

  r.put(
    "/synonyms/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["synonyms"],
        summary: "Replace a synonym (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        body: synonymInputSchema,
        response: { 200: synonymSchema },
      },
    },
    async (request) => updateSynonym(app.db, request.params.id, request.body),
  );

  r.delete(
    "/synonyms/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["synonyms"],
        summary: "Delete a synonym (admin); answers the deleted record",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: synonymSchema },
      },
    },
    async (request) => deleteSynonym(app.db, request.params.id),
  );
}
