-- The facets group the listing by category, subcategory, brand and type at once (productFacets): a few hundred
-- groups where, taking the four as independent, the planner expects tens of thousands and sorts every product on
-- disk instead of hashing them. How many distinct combinations they make (ndistinct) tells it
-- (docs/decisions/016-listing-from-indexes.md).
DROP STATISTICS IF EXISTS product_listing_scope_stats;
--> statement-breakpoint
CREATE STATISTICS product_listing_scope_stats (ndistinct, dependencies, mcv)
  ON category_id, brand_id, product_type, subcategory_slug FROM product_listing;
--> statement-breakpoint
ANALYZE product_listing;
