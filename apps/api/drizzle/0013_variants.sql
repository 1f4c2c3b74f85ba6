CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"price_cents" integer,
	"discount" numeric(5, 2),
	"quantity" integer DEFAULT 0 NOT NULL,
	"sell_count" integer DEFAULT 0 NOT NULL,
	"img" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_quantity_check" CHECK ("product_variants"."quantity" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_cents" is null or "product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_discount_check" CHECK ("product_variants"."discount" is null or ("product_variants"."discount" >= 0 and "product_variants"."discount" <= 100))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_listing" ADD COLUMN "option_slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_listing" ADD COLUMN "option_labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_variant_email_key" ON "back_in_stock_requests" USING btree ("variant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_token_key" ON "back_in_stock_requests" USING btree ("token");--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_waiting_idx" ON "back_in_stock_requests" USING btree ("variant_id") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_key" ON "product_variants" USING btree ("product_id","options");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_idx" ON "product_variants" USING btree ("quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "product_listing_options_idx" ON "product_listing" USING gin ("option_slugs");--> statement-breakpoint
-- Written by hand below this line (docs/decisions/059-product-variants.md).
-- Products without variants get theirs from their colours (the pictures' colours, in order) and sizes: one variant
-- per combination, the product's stock spread over them as evenly as whole units go (the first ones taking the
-- remainder, as spreadStock in @shop/domain/variants does), the only variant of a product without either keeping
-- the product's SKU. The migration runs it for every product there is; the seeds run it after loading products.
CREATE FUNCTION ensure_product_variants() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE made integer;
BEGIN
  DROP TABLE IF EXISTS pending_options;
  CREATE TEMP TABLE pending_options ON COMMIT DROP AS
  SELECT p.id, p.sku, p.quantity, p.options AS given,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('value', c.name, 'clrCode', c.code, 'img', c.img) ORDER BY c.first), '[]'::jsonb)
      FROM (SELECT i.image->'color'->>'name' AS name, (array_agg(i.image->'color'->>'clrCode' ORDER BY i.n))[1] AS code,
              (array_agg(i.image->>'img' ORDER BY i.n))[1] AS img, min(i.n) AS first
            FROM jsonb_array_elements(p.image_urls) WITH ORDINALITY AS i(image, n)
            WHERE coalesce(i.image->'color'->>'name', '') <> ''
            GROUP BY 1) c) AS colours,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('value', s.value, 'clrCode', NULL) ORDER BY s.n), '[]'::jsonb)
      FROM (SELECT DISTINCT ON (x.value) x.value, x.n FROM jsonb_array_elements_text(p.sizes) WITH ORDINALITY AS x(value, n)
            WHERE x.value <> '' ORDER BY x.value, x.n) s) AS sizes
  FROM products p
  WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id);

  UPDATE products p SET options =
    CASE WHEN jsonb_array_length(o.colours) > 0
      THEN jsonb_build_array(jsonb_build_object('name', 'Color', 'values',
        (SELECT jsonb_agg(c.c - 'img' ORDER BY c.n) FROM jsonb_array_elements(o.colours) WITH ORDINALITY AS c(c, n))))
      ELSE '[]'::jsonb END ||
    CASE WHEN jsonb_array_length(o.sizes) > 0
      THEN jsonb_build_array(jsonb_build_object('name', 'Size', 'values', o.sizes)) ELSE '[]'::jsonb END
  FROM pending_options o
  WHERE p.id = o.id AND o.given = '[]'::jsonb AND (jsonb_array_length(o.colours) > 0 OR jsonb_array_length(o.sizes) > 0);

  INSERT INTO product_variants (product_id, sku, options, position, quantity, img)
  SELECT id,
    -- A SKU another variant has already (or another product's would get) takes the product id's start.
    CASE WHEN (colour IS NOT NULL OR size IS NOT NULL) AND (count(*) OVER (PARTITION BY base) > 1
        OR EXISTS (SELECT 1 FROM product_variants t WHERE t.sku = base))
      THEN base || '-' || upper(left(id::text, 8)) ELSE base END,
    jsonb_strip_nulls(jsonb_build_object('Color', colour, 'Size', size)),
    position,
    quantity / total + CASE WHEN position - 1 < quantity % total THEN 1 ELSE 0 END,
    img
  FROM (
    SELECT *, CASE WHEN colour IS NULL AND size IS NULL THEN sku
      ELSE sku || coalesce('-' || nullif(trim(both '-' FROM regexp_replace(upper(colour), '[^A-Z0-9]+', '-', 'g')), ''), '')
        || coalesce('-' || nullif(trim(both '-' FROM regexp_replace(upper(size), '[^A-Z0-9]+', '-', 'g')), ''), '') END AS base
    FROM (
      SELECT o.id, o.sku, o.quantity, c.c->>'value' AS colour, c.c->>'img' AS img, s.s->>'value' AS size,
        row_number() OVER (PARTITION BY o.id ORDER BY c.n, s.n)::int AS position,
        count(*) OVER (PARTITION BY o.id)::int AS total
      FROM pending_options o
      LEFT JOIN LATERAL jsonb_array_elements(o.colours) WITH ORDINALITY AS c(c, n) ON true
      LEFT JOIN LATERAL jsonb_array_elements(o.sizes) WITH ORDINALITY AS s(s, n) ON true
    ) combos
  ) named;
  GET DIAGNOSTICS made = ROW_COUNT;
  -- The products' documents follow through the variants' trigger (and, in this migration, its last statement).
  RETURN made;
END $$;
--> statement-breakpoint
SELECT ensure_product_variants();
--> statement-breakpoint
-- Existing orders keep their lines as they were; each line is tied to the variant its colour and size name, when
-- there is exactly one.
UPDATE order_items i SET options = jsonb_strip_nulls(jsonb_build_object('Color', i.color, 'Size', i.size)),
  variant_id = (SELECT v.id FROM product_variants v WHERE v.product_id = i.product_id
    AND (v.options = jsonb_strip_nulls(jsonb_build_object('Color', i.color, 'Size', i.size))
      OR (SELECT count(*) FROM product_variants w WHERE w.product_id = i.product_id) = 1)
    ORDER BY v.position LIMIT 1);
--> statement-breakpoint
-- The product's document carries its options and variants (toProduct in products/repository.ts writes the same
-- object). A variant's price and discount are its own or the product's.
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
      to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
      p.options,
      coalesce((SELECT json_agg(json_build_object('id', v.id, 'sku', v.sku, 'options', v.options,
          'price', (coalesce(v.price_cents, p.price_cents)::numeric / 100)::float8,
          'discount', coalesce(v.discount, p.discount)::float8, 'quantity', v.quantity,
          'status', CASE WHEN v.quantity > 0 THEN 'in-stock' ELSE 'out-of-stock' END, 'img', v.img)
          ORDER BY v.position, v.id)
        FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants
    FROM categories c LEFT JOIN brands b ON b.id = p.brand_id
    WHERE c.id = p.category_id
  ) doc
$$;
--> statement-breakpoint
UPDATE product_documents d SET document = product_document(p) FROM products p WHERE d.product_id = p.id;
--> statement-breakpoint
-- A variant's change (its stock, price, SKU; one made or removed) writes its product's document again. The
-- inventory locks a product's row before its variants', so this runs after the product's own trigger and wins.
CREATE FUNCTION product_documents_of_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Joined to the distinct products (a transition table has no index nor statistics: an IN could read it once per product).
  UPDATE product_documents d SET document = product_document(p)
  FROM (SELECT DISTINCT product_id FROM changed_variants) c JOIN products p ON p.id = c.product_id
  WHERE d.product_id = p.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_documents_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION product_documents_of_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_documents_update AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION product_documents_of_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_documents_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_variants FOR EACH STATEMENT EXECUTE FUNCTION product_documents_of_variants();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalogue_notify AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_notify('catalogue');
--> statement-breakpoint
-- The sizes and colours a product comes in, for the listing's filters ("size:42", "color:rose-gold") and facets
-- (with the value as written and its swatch): its options named as a size or a colour (isSizeOption and
-- isColorOption in @shop/domain/variants), values as optionSlug writes them.
CREATE FUNCTION product_option_entries(options jsonb) RETURNS TABLE (slug text, label text) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT ON (kind, value_slug) kind || ':' || value_slug,
    kind || chr(31) || value_slug || chr(31) || value || chr(31) || coalesce(clr, '')
  FROM (
    SELECT CASE WHEN lower(trim(o->>'name')) IN ('color', 'colour', 'colores', 'colors') THEN 'color'
        WHEN lower(trim(o->>'name')) IN ('size', 'talla', 'sizes', 'tallas', 'ring size') THEN 'size' END AS kind,
      regexp_replace(replace(lower(trim(v->>'value')), '&', ''), '\s+', '-', 'g') AS value_slug,
      v->>'value' AS value, v->>'clrCode' AS clr, o.n AS option_n, v.n AS value_n
    FROM jsonb_array_elements(options) WITH ORDINALITY AS o(o, n),
      jsonb_array_elements(o->'values') WITH ORDINALITY AS v(v, n)
  ) e
  WHERE kind IS NOT NULL AND value_slug <> ''
  ORDER BY kind, value_slug, option_n, value_n
$$;
--> statement-breakpoint
CREATE FUNCTION product_option_slugs(options jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(slug ORDER BY slug), '{}'::text[]) FROM product_option_entries(options)
$$;
--> statement-breakpoint
CREATE FUNCTION product_option_labels(options jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(label ORDER BY label), '{}'::text[]) FROM product_option_entries(options)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_id, created_at, sale_price_cents, discount, in_stock, category_id, brand_id,
    product_type, subcategory_slug, subcategory, featured, title_text, search_text, option_slugs, option_labels)
  SELECT id, created_at, sale_price_cents, discount, quantity > 0, category_id, brand_id,
    product_type, subcategory_slug, subcategory, featured, ' ' || lower(title), ' ' || search_text,
    product_option_slugs(options), product_option_labels(options)
  FROM inserted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_listing_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_listing SET created_at = NEW.created_at, sale_price_cents = NEW.sale_price_cents,
    discount = NEW.discount, in_stock = NEW.quantity > 0, category_id = NEW.category_id, brand_id = NEW.brand_id,
    product_type = NEW.product_type, subcategory_slug = NEW.subcategory_slug, subcategory = NEW.subcategory,
    featured = NEW.featured,
    title_text = ' ' || lower(NEW.title), search_text = ' ' || NEW.search_text,
    option_slugs = product_option_slugs(NEW.options), option_labels = product_option_labels(NEW.options)
  WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER products_listing_update ON products;
--> statement-breakpoint
CREATE TRIGGER products_listing_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.sale_price_cents IS DISTINCT FROM NEW.sale_price_cents
    OR OLD.discount IS DISTINCT FROM NEW.discount OR (OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0)
    OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.product_type IS DISTINCT FROM NEW.product_type OR OLD.subcategory IS DISTINCT FROM NEW.subcategory
    OR OLD.subcategory_slug IS DISTINCT FROM NEW.subcategory_slug
    OR OLD.featured IS DISTINCT FROM NEW.featured OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.options IS DISTINCT FROM NEW.options)
  EXECUTE FUNCTION product_listing_update();
--> statement-breakpoint
UPDATE product_listing l SET option_slugs = product_option_slugs(p.options), option_labels = product_option_labels(p.options)
  FROM products p WHERE p.id = l.product_id AND p.options <> '[]'::jsonb;
--> statement-breakpoint
-- Search finds a variant by its SKU, whatever the case it is typed in.
CREATE INDEX product_variants_sku_lower_idx ON product_variants (lower(sku));
