/** Contact form: anyone may write (rate-limited per IP); admins read the messages. */
import { contactInputSchema, contactMessageSchema, messageResponseSchema } from "@shop/domain/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { MINUTE } from "../../plugins/rate-limits.ts";
import { CONTACT_SORT_FIELDS, insertContactMessage, listContactMessages } from "./repository.ts";

export const CONTACT_THANKS = "Thank you! We will get back to you soon.";

const listQuery = listQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
});

export default async function contactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/contact",
    {
      // Five messages a minute per address is plenty for a person and dull for a spammer.
      config: {
        access: "public",
        limits: [{ name: "contact-address", by: "address", max: 5, windowMs: MINUTE }],
      },
      schema: {
        tags: ["contact"],
        summary: "Send a message to the shop",
        body: contactInputSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await insertContactMessage(app.db, request.body);
      return reply.code(201).send({ success: true, message: CONTACT_THANKS });
    },
  );

  r.get(
    "/contact",
    {
      schema: {
        tags: ["contact"],
        summary: "List contact messages, newest first (admin)",
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: z.array(contactMessageSchema) },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: CONTACT_SORT_FIELDS });
      const { filter } = list;
      const { items, total } = await listContactMessages(app.db, {
        filters: {
          q: request.query.q || filterValue(filter, "q", z.string().trim().max(200)),
          email:
            request.query.email || filterValue(filter, "email", z.string().trim().toLowerCase().max(254)),
          ids: filterIds(filter),
        },
        sort: list.sort,
        offset: list.offset,
        limit: list.pageSize,
      });
      return sendList(reply, items, total, list);
    },
  );
}
