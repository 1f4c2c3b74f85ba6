/** The synonyms staff keep: reads and writes; each write makes every process rebuild its search vocabulary. */
import type { Synonym, synonymInputSchema } from "@shop/domain/search";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { conflict, notFound } from "../../http-errors.ts";
import { synonyms } from "./tables.ts";

export type SynonymInputData = z.infer<typeof synonymInputSchema>;

export const SYNONYM_SORT_FIELDS = ["term", "meaning", "createdAt", "updatedAt", "id"] as const;
const SORT_COLUMNS = {
  term: synonyms.term,
  meaning: synonyms.meaning,
  createdAt: synonyms.createdAt,
  updatedAt: synonyms.updatedAt,
  id: synonyms.id,
};

type Row = typeof synonyms.$inferSelect;
const toSynonym = (row: Row): Synonym => ({
  id: row.id,
  term: row.term,
  meaning: row.meaning,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Runs of spaces as one: "cell   phone" is kept as "cell phone". */
const tidy = (text: string) => text.trim().replace(/\s+/g, " ");

export interface SynonymListQuery {
  q?: string;
  ids?: string[];
  sort: { field: string; order: "asc" | "desc" } | null;
  limit: number;
  offset: number;
}

export async function listSynonyms(
  db: Db,
  q: SynonymListQuery,
): Promise<{ items: Synonym[]; total: number }> {
  const where: SQL[] = [];
  if (q.q?.trim()) {
    const pattern = containing(q.q.trim());
    where.push(or(ilike(synonyms.term, pattern), ilike(synonyms.meaning, pattern))!);
  }
  if (q.ids) {
    const ids = q.ids.filter(isUuid).map((id) => id.toLowerCase());
    where.push(ids.length ? inArray(synonyms.id, ids) : sql`false`);
  }
  const condition = and(...where);
  const column = SORT_COLUMNS[(q.sort?.field ?? "term") as keyof typeof SORT_COLUMNS];
  const dir = q.sort?.order === "desc" ? desc : asc;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(synonyms)
      .where(condition)
      .orderBy(dir(column), dir(synonyms.meaning), asc(synonyms.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(synonyms).where(condition),
  ]);
  return { items: rows.map(toSynonym), total: Number(counted[0]?.n ?? 0) };
}

export async function findSynonym(db: Db, id: string): Promise<Synonym | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(synonyms).where(eq(synonyms.id, id.toLowerCase()));
  return row ? toSynonym(row) : undefined;
}

const taken = (input: SynonymInputData) =>
  conflict(`'${tidy(input.term)}' already means '${tidy(input.meaning)}'`, "SYNONYM_EXISTS");

/** Another synonym with the same term and meaning (case aside). */
async function clash(db: Db | Tx, input: SynonymInputData, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: synonyms.id })
    .from(synonyms)
    .where(
      and(
        sql`lower(${synonyms.term}) = lower(${tidy(input.term)})`,
        sql`lower(${synonyms.meaning}) = lower(${tidy(input.meaning)})`,
        exceptId ? ne(synonyms.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export function createSynonym(db: Db, input: SynonymInputData): Promise<Synonym> {
  return changingCatalogue(db, async () => {
    const [row] = await db
      .insert(synonyms)
      .values({ term: tidy(input.term), meaning: tidy(input.meaning) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken(input);
    return toSynonym(row);
  });
}

export function updateSynonym(db: Db, id: string, input: SynonymInputData): Promise<Synonym> {
  if (!isUuid(id)) throw notFound("Synonym");
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(synonyms)
        .where(eq(synonyms.id, id.toLowerCase()))
        .for("update");
      if (!existing) throw notFound("Synonym");
      if (await clash(tx, input, existing.id)) throw taken(input);
      const [row] = await tx
        .update(synonyms)
        .set({ term: tidy(input.term), meaning: tidy(input.meaning), updatedAt: new Date() })
        .where(eq(synonyms.id, existing.id))
        .returning();
      return toSynonym(row!);
    }),
  );
}

export function deleteSynonym(db: Db, id: string): Promise<Synonym> {
  if (!isUuid(id)) throw notFound("Synonym");
  return changingCatalogue(db, async () => {
    const [row] = await db.delete(synonyms).where(eq(synonyms.id, id.toLowerCase())).returning();
    if (!row) throw notFound("Synonym");
    return toSynonym(row);
  });
}
