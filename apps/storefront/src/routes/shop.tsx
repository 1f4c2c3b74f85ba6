/** /shop and its nine other layouts: one listing, its filters in the URL. */
import { firstScreenKeys } from "@shop/domain/first-screen";
import { productTypeNames } from "@shop/domain/messages";
import type { Paginated, Product, ProductFacets } from "@shop/domain/schemas/public";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import { useQuery } from "@tanstack/react-query";
import {
  clip,
  type Loader,
  type Meta,
  type PageProps,
  pageTitle,
  picturePreloadOf,
  whenAccepted,
} from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { CategoryTiles } from "#features/catalog/components/category-tiles.tsx";
import { type ListingVariant, ShopListing } from "#features/catalog/components/shop-listing.tsx";
import { readListing } from "#features/catalog/listing.ts";
import { catalogQueries } from "#features/catalog/queries.ts";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { type RoutesOf, shopHref } from "#routes.ts";

const base: ListingVariant = { width: "xl", layout: "grid", filters: "left", paging: "pages" };

const LAYOUTS: Record<RoutesOf<"shop">, ListingVariant> = {
  shop: base,
  shop1600: { ...base, width: "wide" },
  shopList: { ...base, layout: "list" },
  shopFullWidth: { ...base, width: "fluid" },
  shopNoSidebar: { ...base, filters: "none" },
  shopRightSidebar: { ...base, filters: "right" },
  shopLoadMore: { ...base, paging: "load-more" },
  shopCategories: base,
  shopFilterDropdown: { ...base, filters: "dropdown" },
  shopFilterOffcanvas: { ...base, filters: "offcanvas" },
};

const headingOf = (route: RoutesOf<"shop">) => (route === "shopCategories" ? "Shop by category" : "Shop");

/**
 * The listing's first page and its facet counts, keyed by the URL's filters as the listing reads them. Nothing when
 * the API refuses the filters: the page asks, and says why.
 */
export const loader: Loader<"shop"> = ({ client, query }) =>
  whenAccepted(async () => {
    const filters = readListing(query);
    const firstPage = { ...filters, page: filters.page ?? 1 };
    const [list, facets] = await Promise.all([
      client.products.list(firstPage),
      client.products.facets(filters),
    ]);
    return [
      { key: firstScreenKeys.listing(firstPage), data: list },
      { key: firstScreenKeys.facets(filters), data: facets },
    ];
  });

/**
 * Named after what the filters choose ("Headphones & Audio by Sony, page 2"), by the facets' names, so the page and
 * the app name it alike. The canonical keeps what changes which products show (category, subcategory, brand, type,
 * page, each only when the catalogue has it) and drops the rest; the first product's picture is the largest.
 */
export const meta: Meta<"shop"> = ({ route, query, origin, data }) => {
  const filters = readListing(query);
  const facets = data.get<ProductFacets>(firstScreenKeys.facets(filters));
  const firstPage = data.get<Paginated<Product>>(
    firstScreenKeys.listing({ ...filters, page: filters.page ?? 1 }),
  );
  const category = facets?.categories.find((c) => c.slug === filters.category);
  const subcategory = category && facets?.subCategories.find((s) => s.slug === filters.subCategory);
  const brand = facets?.brands.find((b) => b.slug === filters.brand);
  // A category already names its product type.
  const productType = category ? undefined : filters.productType;
  const page = filters.page !== undefined && filters.page > 1 ? filters.page : undefined;

  const what = subcategory?.name ?? category?.name ?? (productType && productTypeNames[productType]);
  const label = [what, brand && `${what ? "by " : ""}${brand.name}`].filter(Boolean).join(" ");
  const canonical = shopHref.listing({
    category: category?.slug,
    subCategory: subcategory?.slug,
    brand: brand?.slug,
    productType,
    page,
  });
  return {
    title: pageTitle(`${label || headingOf(route)}${page ? `, page ${page}` : ""}`),
    description: label
      ? clip(
          `${label} at ${SHOP_NAME}: compare prices in Dominican pesos or US dollars and filter by price and availability.`,
        )
      : "The whole catalogue: filter by category, brand, price and availability, and sort by price or novelty.",
    canonical: `${origin}${canonical}`,
    openGraph: { type: "website" },
    preloadImage: picturePreloadOf(origin, firstPage?.items[0]?.img, PICTURE_SLOTS.productCard),
  };
};

function Categories() {
  const { data, error, refetch } = useQuery(catalogQueries.categories());
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the categories" />;
  return <CategoryTiles categories={data?.items} />;
}

export default function ShopPage({ route }: PageProps<"shop">) {
  const layout = route === "shopCategories" ? { ...LAYOUTS[route], before: <Categories /> } : LAYOUTS[route];
  return <ShopListing variant={layout} title={headingOf(route)} />;
}
