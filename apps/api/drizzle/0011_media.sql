CREATE TABLE "media" (
	"name" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_renditions" (
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_renditions_name_width_format_pk" PRIMARY KEY("name","width","format")
);
--> statement-breakpoint
ALTER TABLE "media_renditions" ADD CONSTRAINT "media_renditions_name_media_name_fk" FOREIGN KEY ("name") REFERENCES "public"."media"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below this line. Pictures uploaded before the pipeline keep their names (uuids) and URLs
-- (/api/uploads/{uuid}.{ext}); their width stays null until the API cleans them at start (turned upright,
-- re-encoded without metadata: apps/api/src/modules/media/storage.ts, cleanEarlierUploads).
INSERT INTO "media" ("name", "format", "content_type", "size", "bytes", "created_at")
  SELECT "id"::text, "extension", "content_type", "size", "bytes", "created_at" FROM "uploads";--> statement-breakpoint
DROP TABLE "uploads" CASCADE;--> statement-breakpoint
-- A picture's alt text, when the admin gave one, travels with it (toProduct in products/repository.ts writes
-- the same object); pictures without one keep the document they had.
CREATE OR REPLACE FUNCTION product_document(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(doc)::text FROM (
    SELECT p.id, p.sku, p.img, p.title, p.slug, p.unit,
      coalesce((SELECT json_agg(CASE WHEN i.image ? 'alt'
          THEN json_build_object('img', i.image->'img', 'color', coalesce(i.image->'color', 'null'::jsonb), 'alt', i.image->'alt')
          ELSE json_build_object('img', i.image->'img', 'color', coalesce(i.image->'color', 'null'::jsonb)) END ORDER BY i.n)
        FROM jsonb_array_elements(p.image_urls) WITH ORDINALITY AS i(image, n)), '[]'::json) AS "imageURLs",
      c.name AS parent, p.subcategory AS children, p.category_id AS "categoryId", p.brand_id AS "brandId",
      CASE WHEN p.brand_id IS NULL THEN json_build_object('name', '')
        ELSE json_build_object('id', p.brand_id, 'name', coalesce(b.name, '')) END AS brand,
      json_build_object('id', c.id, 'name', c.name) AS category,
      p.product_type AS "productType", p.tags, (p.price_cents::numeric / 100)::float8 AS price,
      p.discount::float8 AS discount, p.quantity,
      CASE WHEN p.quantity > 0 THEN 'in-stock' ELSE 'out-of-stock' END AS status,
      p.sell_count AS "sellCount", p.sizes, p.featured, p.description,
      p.additional_information AS "additionalInformation",
      CASE WHEN p.offer_start IS NOT NULL AND p.offer_end IS NOT NULL THEN json_build_object(
        'startDate', to_char(p.offer_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'endDate', to_char(p.offer_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS "offerDate",
      p.video_id AS "videoId", p.rating::float8 AS rating, p.review_count AS "reviewCount",
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
    FROM categories c LEFT JOIN brands b ON b.id = p.brand_id
    WHERE c.id = p.category_id
  ) doc
$$;
