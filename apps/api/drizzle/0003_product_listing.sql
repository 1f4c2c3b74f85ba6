CREATE TABLE "product_listing" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sale_price_cents" integer NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"in_stock" boolean NOT NULL,
	"category_id" uuid NOT NULL,
	"brand_id" uuid,
	"product_type" text NOT NULL,
	"subcategory_slug" text NOT NULL,
	"subcategory" text NOT NULL,
	"featured" boolean NOT NULL,
	"title_text" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_type_idx";--> statement-breakpoint
DROP INDEX "products_sale_price_idx";--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
ALTER TABLE "product_listing" ADD CONSTRAINT "product_listing_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_listing_newest_idx" ON "product_listing" USING btree ("created_at" desc,"product_id" desc,"sale_price_cents","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_type_newest_idx" ON "product_listing" USING btree ("product_type","created_at" desc,"product_id" desc,"sale_price_cents","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_category_newest_idx" ON "product_listing" USING btree ("category_id","created_at" desc,"product_id" desc,"sale_price_cents","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_brand_newest_idx" ON "product_listing" USING btree ("brand_id","created_at" desc,"product_id" desc,"sale_price_cents","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_subcategory_newest_idx" ON "product_listing" USING btree ("subcategory_slug","created_at" desc,"product_id" desc,"sale_price_cents","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_price_idx" ON "product_listing" USING btree ("sale_price_cents","product_id","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_type_price_idx" ON "product_listing" USING btree ("product_type","sale_price_cents","product_id","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_category_price_idx" ON "product_listing" USING btree ("category_id","sale_price_cents","product_id","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_brand_price_idx" ON "product_listing" USING btree ("brand_id","sale_price_cents","product_id","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_subcategory_price_idx" ON "product_listing" USING btree ("subcategory_slug","sale_price_cents","product_id","in_stock","discount");--> statement-breakpoint
CREATE INDEX "product_listing_sale_idx" ON "product_listing" USING btree ("discount" desc,"product_id","sale_price_cents","in_stock") WHERE "product_listing"."discount" > 0;--> statement-breakpoint
CREATE INDEX "product_listing_type_sale_idx" ON "product_listing" USING btree ("product_type","discount" desc,"product_id","sale_price_cents","in_stock") WHERE "product_listing"."discount" > 0;--> statement-breakpoint
CREATE INDEX "product_listing_category_sale_idx" ON "product_listing" USING btree ("category_id","discount" desc,"product_id","sale_price_cents","in_stock") WHERE "product_listing"."discount" > 0;--> statement-breakpoint
CREATE INDEX "product_listing_brand_sale_idx" ON "product_listing" USING btree ("brand_id","discount" desc,"product_id","sale_price_cents","in_stock") WHERE "product_listing"."discount" > 0;--> statement-breakpoint
CREATE INDEX "product_listing_subcategory_sale_idx" ON "product_listing" USING btree ("subcategory_slug","discount" desc,"product_id","sale_price_cents","in_stock") WHERE "product_listing"."discount" > 0;--> statement-breakpoint
CREATE INDEX "product_listing_featured_idx" ON "product_listing" USING btree ("created_at" desc,"product_id" desc) WHERE "product_listing"."featured";--> statement-breakpoint
CREATE INDEX "product_listing_search_idx" ON "product_listing" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
-- Written by hand below this line (Drizzle does not generate functions or triggers): product_listing follows
-- products, and every change to the catalogue is announced on the channel shop_catalogue, which each API
-- process LISTENs to (apps/api/src/modules/products/catalogue-cache.ts). NOTIFY is delivered at commit, once per
-- transaction and payload.
CREATE FUNCTION product_listing_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_id, created_at, sale_price_cents, discount, in_stock, category_id, brand_id,
    product_type, subcategory_slug, subcategory, featured, title_text, search_text)
  SELECT id, created_at, sale_price_cents, discount, quantity > 0, category_id, brand_id,
    product_type, subcategory_slug, subcategory, featured, ' ' || lower(title), ' ' || search_text
  FROM inserted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_listing_insert AFTER INSERT ON products REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION product_listing_insert();
--> statement-breakpoint
CREATE FUNCTION product_listing_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_listing SET created_at = NEW.created_at, sale_price_cents = NEW.sale_price_cents,
    discount = NEW.discount, in_stock = NEW.quantity > 0, category_id = NEW.category_id, brand_id = NEW.brand_id,
    product_type = NEW.product_type, subcategory_slug = NEW.subcategory_slug, subcategory = NEW.subcategory,
    featured = NEW.featured,
    title_text = ' ' || lower(NEW.title), search_text = ' ' || NEW.search_text
  WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only changes a listing can see: an order that leaves some stock changes nothing here.
CREATE TRIGGER products_listing_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.sale_price_cents IS DISTINCT FROM NEW.sale_price_cents
    OR OLD.discount IS DISTINCT FROM NEW.discount OR (OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0)
    OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.product_type IS DISTINCT FROM NEW.product_type OR OLD.subcategory IS DISTINCT FROM NEW.subcategory
    OR OLD.subcategory_slug IS DISTINCT FROM NEW.subcategory_slug
    OR OLD.featured IS DISTINCT FROM NEW.featured OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION product_listing_update();
--> statement-breakpoint
CREATE FUNCTION shop_catalogue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalogue', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- "catalogue": what a product shows may have changed (stock, rating...); "listing": what a listing, a search or
-- the facets hold may have changed too.
CREATE TRIGGER products_catalogue_notify AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_notify('catalogue');
--> statement-breakpoint
CREATE TRIGGER product_listing_notify AFTER INSERT OR UPDATE OR DELETE ON product_listing
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_notify('listing');
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_notify AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_notify('listing');
--> statement-breakpoint
CREATE TRIGGER brands_catalogue_notify AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_notify('listing');
--> statement-breakpoint
INSERT INTO product_listing (product_id, created_at, sale_price_cents, discount, in_stock, category_id, brand_id,
  product_type, subcategory_slug, subcategory, featured, title_text, search_text)
SELECT id, created_at, sale_price_cents, discount, quantity > 0, category_id, brand_id,
  product_type, subcategory_slug, subcategory, featured, ' ' || lower(title), ' ' || search_text
FROM products;
