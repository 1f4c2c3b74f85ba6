/** The staff audit trail as admins read it (record.ts writes it); never changed (a trigger refuses it). */
import type { AuditAction, AuditEntity } from "@shop/domain/constants";
import type { AuditEntry } from "@shop/domain/schemas/admin";
import { and, asc, count, desc, eq, gte, ilike, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import type { ListRequest } from "../../lists.ts";
import { auditLog } from "./tables.ts";

type AuditRow = typeof auditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AuditAction,
    entity: row.entity as AuditEntity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

const sortColumns = {
  at: auditLog.at,
  action: auditLog.action,
  entity: auditLog.entity,
  actorEmail: auditLog.actorEmail,
  id: auditLog.id,
} as const;
export const AUDIT_SORT_FIELDS = Object.keys(sortColumns);

export interface AuditFilters {
  entity?: AuditEntity;
  entityId?: string;
  action?: AuditAction;
  actorId?: string;
  /** Part of the staff member's email. */
  actor?: string;
  from?: Date;
  to?: Date;
}

export async function listAudit(db: Db, list: ListRequest, filters: AuditFilters) {
  const where: SQL[] = [];
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) where.push(eq(auditLog.entityId, filters.entityId));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.actorId) {
    where.push(isUuid(filters.actorId) ? eq(auditLog.actorId, filters.actorId) : sql`false`);
  }
  if (filters.actor) where.push(ilike(auditLog.actorEmail, containing(filters.actor)));
  if (filters.from) where.push(gte(auditLog.at, filters.from));
  if (filters.to) where.push(lte(auditLog.at, filters.to));
  const condition = where.length ? and(...where) : undefined;
  const sort = list.sort ?? { field: "at", order: "desc" as const };
  const column = sortColumns[sort.field as keyof typeof sortColumns];
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(sort.order === "asc" ? asc(column) : desc(column), desc(auditLog.id))
    .limit(list.pageSize)
    .offset(list.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(condition);
  return { items: rows.map(toAuditEntry), total: total?.n ?? 0 };
}

export async function findAuditEntry(db: Db, id: string): Promise<AuditEntry | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  return row ? toAuditEntry(row) : undefined;
}
