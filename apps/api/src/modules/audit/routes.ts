/** The staff audit trail, for admins only and read-only: a list with filters, and one entry, each with its names. */
import {
  auditActionSchema,
  auditChainSchema,
  auditEntitySchema,
  namedAuditEntrySchema,
} from "@shop/domain/schemas/admin";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../http-errors.ts";
import { idParams, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { verifyChain } from "./chain.ts";
import { withNames } from "./names.ts";
import { auditChainKey } from "./record.ts";
import { AUDIT_SORT_FIELDS, findAuditEntry, listAudit } from "./repository.ts";

const bearer = [{ bearer: [] }];
const when = z.iso.datetime({ offset: true, message: "must be an ISO date and time" }).or(z.iso.date());
const toDate = (value: string | undefined, endOfDay = false) => {
  if (!value) return undefined;
  // A bare day in "to" means the whole of that day.
  if (endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T23:59:59.999Z`);
  return new Date(value);
};

const filtersSchema = z.object({
  entity: auditEntitySchema.optional(),
  entityId: z.string().max(200).optional(),
  action: auditActionSchema.optional(),
  actorId: z.string().max(64).optional(),
  actor: z.string().trim().max(200).optional(),
  from: when.optional(),
  to: when.optional(),
});

export default async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/audit",
    {
      schema: {
        tags: ["audit"],
        summary:
          "The staff audit trail (admin), newest first; filter by entity, record, action, staff or dates",
        security: bearer,
        querystring: listQuerySchema.extend(filtersSchema.shape),
        response: { 200: z.array(namedAuditEntrySchema) },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: AUDIT_SORT_FIELDS, defaultPageSize: 25 });
      // react-admin sends its filters as filter={...}; plain query parameters work too.
      const fromFilter = filtersSchema.safeParse(list.filter);
      if (!fromFilter.success) {
        const issue = fromFilter.error.issues[0]!;
        throw badRequest(`filter.${issue.path.join(".")}: ${issue.message}`);
      }
      const filters = { ...request.query, ...fromFilter.data };
      const { items, total } = await listAudit(app.db, list, {
        entity: filters.entity,
        entityId: filters.entityId,
        action: filters.action,
        actorId: filters.actorId,
        actor: filters.actor || undefined,
        from: toDate(filters.from),
        to: toDate(filters.to, true),
      });
      return sendList(reply, await withNames(app.db, items), total, list);
    },
  );

  r.get(
    "/audit/chain",
    {
      schema: {
        tags: ["audit"],
        summary:
          "Whether the audit trail's chain of hashes holds (admin): a changed, added or removed entry breaks it",
        security: bearer,
        response: { 200: auditChainSchema },
      },
      config: { access: "admin" },
    },
    async () => verifyChain(app.db, auditChainKey(app.env)),
  );

  r.get(
    "/audit/:id",
    {
      schema: {
        tags: ["audit"],
        summary: "One entry of the staff audit trail (admin)",
        security: bearer,
        params: idParams,
        response: { 200: namedAuditEntrySchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const entry = await findAuditEntry(app.db, request.params.id);
      if (!entry) throw notFound("Audit entry");
      const [named] = await withNames(app.db, [entry]);
      return named!;
    },
  );
}
