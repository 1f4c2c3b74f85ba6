CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"occurrences" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_unused_idx" ON "search_words" USING btree ("word") WHERE "search_words"."occurrences" <= 0;--> statement-breakpoint
-- Written by hand below this line (Drizzle does not generate functions or triggers): search_words follows the
-- products' search text, so a search process reads the catalogue's words instead of splitting every product's
-- text (apps/api/src/modules/search/vocabulary.ts). A product's SKU is left out: it is found as typed, never
-- corrected or suggested. Orders and stock never change search text, so they never touch this table.
CREATE FUNCTION search_words_of(search_text text, sku text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT t FROM regexp_split_to_table(search_text, '\s+') AS t
  WHERE t <> '' AND t <> ALL (regexp_split_to_array(lower(sku), '\s+'))
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS w (word, occurrences)
  SELECT t, count(*)::int FROM inserted AS p, search_words_of(p.search_text, p.sku) AS t GROUP BY t ORDER BY t
  ON CONFLICT (word) DO UPDATE SET occurrences = w.occurrences + excluded.occurrences;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_insert();
--> statement-breakpoint
CREATE FUNCTION search_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words AS w SET occurrences = w.occurrences - r.n
  FROM (SELECT t, count(*)::int AS n FROM removed AS p, search_words_of(p.search_text, p.sku) AS t GROUP BY t) AS r
  WHERE w.word = r.t;
  DELETE FROM search_words WHERE occurrences <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_delete AFTER DELETE ON products REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_delete();
--> statement-breakpoint
CREATE FUNCTION search_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS w (word, occurrences)
  SELECT t, sum(d)::int FROM (
    SELECT t, -1 AS d FROM search_words_of(OLD.search_text, OLD.sku) AS t
    UNION ALL
    SELECT t, 1 AS d FROM search_words_of(NEW.search_text, NEW.sku) AS t
  ) AS change GROUP BY t HAVING sum(d) <> 0 ORDER BY t
  ON CONFLICT (word) DO UPDATE SET occurrences = w.occurrences + excluded.occurrences;
  DELETE FROM search_words WHERE occurrences <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.sku IS DISTINCT FROM NEW.sku)
  EXECUTE FUNCTION search_words_update();
--> statement-breakpoint
INSERT INTO search_words (word, occurrences)
SELECT t, count(*)::int FROM products AS p, search_words_of(p.search_text, p.sku) AS t GROUP BY t;
