/**
 * A search as SQL on the listing's columns (whichever table, subquery or CTE holds them): which products match the
 * words, and how relevant each is. The listing (modules/products/listing.ts) asks for these; the plan of the words
 * comes from plan.ts.
 */
import { asc, desc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { escapeLike } from "../../db/match.ts";
import type { SearchPlan, SearchUnit } from "./plan.ts";

/** The columns a search matches on. */
export interface MatchColumns {
  /** " " + the product's lower-cased search text. */
  searchText: SQLWrapper;
  productType: SQLWrapper;
}

/** The columns relevance orders by: more of the words in the title first, then shorter titles, then the newest. */
export interface RankColumns {
  productId: SQLWrapper;
  createdAt: SQLWrapper;
  /** " " + the lower-cased title. */
  titleText: SQLWrapper;
}

/** The columns a forgiving search's score reads besides the title: the scopes its words may name. */
export interface ScoreColumns {
  titleText: SQLWrapper;
  categoryId: SQLWrapper;
  subcategorySlug: SQLWrapper;
  brandId: SQLWrapper;
}

/**
 * A word of three letters or more matches anywhere, through the trigram index; a shorter one (which has no
 * trigram of its own) matches the start of a word, which the index can find through its padded trigrams.
 */
function wordPattern(word: string): string {
  return word.length >= 3 ? `%${escapeLike(word)}%` : `% ${escapeLike(word)}%`;
}

/**
 * The conditions a product must meet for a search: each unit of the forgiving search's plan, or, without a plan,
 * each word as typed.
 */
export function searchConditions(c: MatchColumns, words: readonly string[], plan?: SearchPlan): SQL[] {
  if (plan) return plan.units.map((unit) => unitCondition(unit, c));
  return words.map((word) => sql`${c.searchText} like ${wordPattern(word)}`);
}

const anyLike = (column: SQLWrapper, patterns: string[]): SQL =>
  patterns.length === 1
    ? sql`${column} like ${patterns[0]}`
    : sql`(${sql.join(
        patterns.map((p) => sql`${column} like ${p}`),
        sql` or `,
      )})`;

/** A unit of a forgiving search: any of its alternatives, each with all its slots, each with any of its patterns. */
function unitCondition(unit: SearchUnit, c: MatchColumns): SQL {
  const alternatives = unit.match.map((slots) =>
    slots.length === 1
      ? anyLike(c.searchText, slots[0]!)
      : sql`(${sql.join(
          slots.map((patterns) => anyLike(c.searchText, patterns)),
          sql` and `,
        )})`,
  );
  if (unit.productTypes.length) {
    alternatives.push(
      sql`${c.productType} in (${sql.join(
        unit.productTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  return alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` or `)})`;
}

/** Our own ids as an array literal (UUIDs need no escaping). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * A unit's part of a product's relevance: the word in the title as typed (or its number or spelling) 8, through a
 * synonym 7, corrected 5, inside a title word (as typed or corrected) 3, elsewhere (category, brand, tags, SKU) 1; then 4 more in a
 * category or subcategory the unit names, 2 more by a brand it names.
 */
function unitScore(unit: SearchUnit, c: ScoreColumns): SQL {
  const tiers: SQL[] = [];
  if (unit.exact.length) tiers.push(sql`when ${anyLike(c.titleText, unit.exact)} then 8`);
  if (unit.synonym.length) tiers.push(sql`when ${anyLike(c.titleText, unit.synonym)} then 7`);
  if (unit.fuzzy.length) tiers.push(sql`when ${anyLike(c.titleText, unit.fuzzy)} then 5`);
  tiers.push(sql`when ${anyLike(c.titleText, unit.within)} then 3`);
  const parts = [sql`(case ${sql.join(tiers, sql` `)} else 1 end)`];
  const named: SQL[] = [];
  if (unit.categories.length) named.push(sql`${c.categoryId} = any(${uuidArray(unit.categories)})`);
  if (unit.subcategories.length) {
    named.push(
      sql`${c.subcategorySlug} in (${sql.join(
        unit.subcategories.map((slug) => sql`${slug}`),
        sql`, `,
      )})`,
    );
  }
  if (named.length) parts.push(sql`(case when ${sql.join(named, sql` or `)} then 4 else 0 end)`);
  if (unit.brands.length)
    parts.push(sql`(case when ${c.brandId} = any(${uuidArray(unit.brands)}) then 2 else 0 end)`);
  return sql.join(parts, sql` + `);
}

/**
 * The order of a search's results: by the plan's score (or, without a plan, by how many of the words the title
 * holds), then shorter titles, then the newest. Null when there is nothing to rank by.
 */
export function relevanceOrder(
  c: RankColumns,
  words: readonly string[],
  plan?: SearchPlan,
  scoreColumns?: ScoreColumns,
): SQL[] | null {
  if (plan?.units.length && scoreColumns) {
    const score = sql.join(
      plan.units.map((unit) => unitScore(unit, scoreColumns)),
      sql` + `,
    );
    return [desc(sql`(${score})`), asc(sql`length(${c.titleText})`), desc(c.createdAt), desc(c.productId)];
  }
  if (!words.length) return null;
  const hits = sql.join(
    words.map((word) => sql`(${c.titleText} like ${wordPattern(word)})::int`),
    sql` + `,
  );
  return [desc(sql`(${hits})`), asc(sql`length(${c.titleText})`), desc(c.createdAt), desc(c.productId)];
}
