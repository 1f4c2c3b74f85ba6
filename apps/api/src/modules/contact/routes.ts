/** Contact form: anyone may write (rate-limited per IP); admins read the messages and mark them handled. */
import { contactMessageSchema, contactMessageUpdateSchema } from "@shop/domain/schemas/admin";
import { contactInputSchema, messageResponseSchema } from "@shop/domain/schemas/public";
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
import { MINUTE } from "../../plugins/rate-limits.ts";
import {
  CONTACT_SORT_FIELDS,
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  markContactMessage,
} from "./repository.ts";

export const CONTACT_THANKS = "Thank you! We will get back to you soon.";

const listQuery = listQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
  handled: booleanText.optional(),
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
          handled: request.query.handled ?? filterValue(filter, "handled", booleanFilter),
        },
        sort: list.sort,
        offset: list.offset,
        limit: list.pageSize,
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/contact/:id",
    {
      schema: {
        tags: ["contact"],
        summary: "One contact message (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: contactMessageSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const message = await findContactMessage(app.db, request.params.id);
      if (!message) throw notFound("Contact message");
      return message;
    },
  );

  r.put(
    "/contact/:id",
    {
      schema: {
        tags: ["contact"],
        summary: "Mark a contact message handled, or waiting again (admin); other fields are ignored",
        security: [{ bearer: [] }],
        params: idParams,
        body: contactMessageUpdateSchema,
        response: { 200: contactMessageSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const message = await markContactMessage(app.db, request.params.id, request.body.handled);
      if (!message) throw notFound("Contact message");
      return message;
    },
  );
}
