/** Contact messages: stored as sent, listed for the back office, marked handled by staff. */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { contactMessages } from "./tables.ts";

export const CONTACT_SORT_FIELDS = ["id", "name", "email", "subject", "createdAt"] as const;
type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];

const sortColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  createdAt: contactMessages.createdAt,
} satisfies Record<ContactSortField, unknown>;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  handled: boolean;
  handledAt: string | null;
}

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
};

type Row = Omit<ContactMessage, "createdAt" | "handled" | "handledAt"> & {
  createdAt: Date;
  handledAt: Date | null;
};
const toMessage = (row: Row): ContactMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  handled: row.handledAt !== null,
  handledAt: row.handledAt?.toISOString() ?? null,
});

export async function insertContactMessage(
  db: Db,
  values: { name: string; email: string; subject: string; message: string },
): Promise<ContactMessage> {
  const [row] = await db.insert(contactMessages).values(values).returning(columns);
  return toMessage(row!);
}

export interface ContactFilters {
  q?: string;
  email?: string;
  ids?: string[];
  handled?: boolean;
}

function whereOf(filters: ContactFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(
      or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.subject, pattern),
        ilike(contactMessages.message, pattern),
      ),
    );
  }
  if (filters.email) conditions.push(eq(contactMessages.email, filters.email));
  if (filters.ids) conditions.push(inArray(contactMessages.id, filters.ids.filter(isUuid)));
  if (filters.handled !== undefined) {
    conditions.push(
      filters.handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt),
    );
  }
  return and(...conditions);
}

export async function listContactMessages(
  db: Db,
  options: {
    filters: ContactFilters;
    sort: { field: string; order: "asc" | "desc" } | null;
    offset: number;
    limit: number;
  },
): Promise<{ items: ContactMessage[]; total: number }> {
  if (options.filters.ids && !options.filters.ids.some(isUuid)) return { items: [], total: 0 };
  const where = whereOf(options.filters);
  const order = options.sort
    ? [
        (options.sort.order === "asc" ? asc : desc)(sortColumns[options.sort.field as ContactSortField]),
        desc(contactMessages.id),
      ]
    : [desc(contactMessages.createdAt), desc(contactMessages.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(contactMessages)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { items: rows.map(toMessage), total: totalRow?.n ?? 0 };
}

export async function findContactMessage(db: Db, id: string): Promise<ContactMessage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(contactMessages).where(eq(contactMessages.id, id));
  return row ? toMessage(row) : null;
}

/** Marks a message handled (keeping the first time it was) or waiting again; null when there is none. */
export async function markContactMessage(
  db: Db,
  id: string,
  handled: boolean,
): Promise<ContactMessage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning(columns);
  return row ? toMessage(row) : null;
}
