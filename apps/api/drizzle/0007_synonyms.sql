CREATE TABLE "synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"meaning" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "synonyms_term_meaning_key" ON "synonyms" USING btree (lower("term"),lower("meaning"));--> statement-breakpoint
-- A synonym changes what a search finds: every process rebuilds its search vocabulary.
CREATE TRIGGER synonyms_catalogue_notify AFTER INSERT OR UPDATE OR DELETE ON synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_notify('listing');
