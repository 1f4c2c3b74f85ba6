CREATE TABLE "product_documents" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"document" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below this line (Drizzle does not generate functions or triggers). product_document is
-- toProduct's object (apps/api/src/modules/products/repository.ts) field for field, in its key order: prices
-- and ratings go through float8, whose shortest form is JavaScript's, and times are written as toISOString
-- writes them. A test holds the two to each other for every kind of product.
CREATE FUNCTION product_document(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(doc)::text FROM (
    SELECT p.id, p.sku, p.img, p.title, p.slug, p.unit,
      coalesce((SELECT json_agg(json_build_object('img', i.image->'img', 'color', coalesce(i.image->'color', 'null'::jsonb)) ORDER BY i.n)
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
--> statement-breakpoint
CREATE FUNCTION product_documents_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_documents (product_id, document) SELECT i.id, product_document(i) FROM inserted i;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_documents_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION product_documents_insert();
--> statement-breakpoint
-- Every column but the search text shows in the document, so any other change writes it again.
CREATE FUNCTION product_documents_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_documents d SET document = product_document(u) FROM updated u WHERE d.product_id = u.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_documents_update AFTER UPDATE ON products REFERENCING NEW TABLE AS updated
  FOR EACH STATEMENT EXECUTE FUNCTION product_documents_update();
--> statement-breakpoint
-- A category's or brand's name is in its products' documents: renaming one writes them again.
CREATE FUNCTION product_documents_of_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_documents d SET document = product_document(p)
  FROM updated u JOIN previous o ON o.id = u.id JOIN products p ON p.category_id = u.id
  WHERE o.name IS DISTINCT FROM u.name AND d.product_id = p.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_documents_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS previous NEW TABLE AS updated
  FOR EACH STATEMENT EXECUTE FUNCTION product_documents_of_category();
--> statement-breakpoint
CREATE FUNCTION product_documents_of_brand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_documents d SET document = product_document(p)
  FROM updated u JOIN previous o ON o.id = u.id JOIN products p ON p.brand_id = u.id
  WHERE o.name IS DISTINCT FROM u.name AND d.product_id = p.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brands_documents_update AFTER UPDATE ON brands
  REFERENCING OLD TABLE AS previous NEW TABLE AS updated
  FOR EACH STATEMENT EXECUTE FUNCTION product_documents_of_brand();
--> statement-breakpoint
INSERT INTO product_documents (product_id, document) SELECT p.id, product_document(p) FROM products p;
--> statement-breakpoint
-- Brands mostly sell in a category or two, and subcategories belong to one category: without statistics on how
-- these go together the planner takes a category and a brand as independent, expects a few dozen products
-- where there are thousands, and sorts them all instead of walking an index (docs/decisions/016-listing-from-indexes.md).
CREATE STATISTICS product_listing_scope_stats (dependencies, mcv)
  ON category_id, brand_id, product_type, subcategory_slug FROM product_listing;
--> statement-breakpoint
ANALYZE product_listing;
