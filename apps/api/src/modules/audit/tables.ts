/** The audit module's table. */
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pk } from "../../db/columns.ts";

/**
 * What staff did: who, when, to what, with the record before and after. Never updated nor deleted (a trigger
 * refuses both), and tied to nothing by a foreign key, so an entry outlives the record it describes
 * (docs/decisions/032-audit-trail.md).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: pk(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    /** What was done, as `<entity>.<verb>`: `product.update`, `order.status`, `user.sessions-end`... */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /**
     * The entry's place in the chain (1, 2, 3...) and its keyed hash over the previous entry's hash and its own
     * content, so a changed, removed or inserted entry breaks the chain (docs/decisions/045-audit-chain.md).
     * Null on entries written before the chain, which its first entry seals as a whole.
     */
    seq: bigint("seq", { mode: "number" }),
    hash: text("hash"),
  },
  (t) => [
    uniqueIndex("audit_log_seq_key").on(t.seq),
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorId, t.at),
  ],
);
