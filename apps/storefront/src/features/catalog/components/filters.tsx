/** The listing's filters with their counts (GET /product/facets): price range, status, type, category, subcategory, brand. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import type { ListingFilters } from "@shop/domain/catalogue";
import type { ProductFacets } from "@shop/domain/schemas/public";
import { FilterGroup } from "@shop/ui/filter-group";
import { PriceRangeSlider } from "@shop/ui/price-range-slider";
import { useAtomValue, useSetAtom } from "jotai";
import { useMoney } from "#features/currency/use-money.ts";
import { priceDraftAtom, setPriceDraftAtom } from "../atoms.ts";
import { changeListing, hasFilters, listingSearch } from "../listing.ts";

export interface FiltersProps {
  filters: ListingFilters;
  facets: ProductFacets | undefined;
  /** The listing's path ("/shop-list"): filters keep the shopper on the same variant. */
  path: string;
  onChange(change: Partial<ListingFilters>): void;
  /**
   * Leaves out the options no product matches (the chosen one stays): on search results, where the words already
   * narrow the list to a few products, rather than a wall of filters at zero.
   */
  hideEmpty?: boolean;
}

type FacetKey = "status" | "productType" | "category" | "subCategory" | "brand";

function PriceFilter({
  filters,
  max,
  onChange,
}: {
  filters: ListingFilters;
  max: number;
  onChange: FiltersProps["onChange"];
}) {
  const draft = useAtomValue(priceDraftAtom);
  const setDraft = useSetAtom(setPriceDraftAtom);
  const money = useMoney();
  if (!money) return null;
  const value: [number, number] = draft ?? [
    Math.min(filters.minPrice ?? 0, max),
    Math.min(filters.maxPrice ?? max, max),
  ];
  return (
    <PriceRangeSlider
      max={max}
      value={value}
      onChange={setDraft}
      onCommit={([low, high]) => {
        setDraft(null);
        onChange({ minPrice: low > 0 ? low : undefined, maxPrice: high < max ? high : undefined });
      }}
      {...money}
    />
  );
}

export function Filters({ filters, facets, path, onChange, hideEmpty = false }: FiltersProps) {
  const hrefFor = (key: FacetKey) => (value: string | null) => {
    const slug = value ?? undefined;
    const change = key === "category" ? { category: slug, subCategory: undefined } : { [key]: slug };
    return `${path}${listingSearch(changeListing(filters, change))}`;
  };
  const group = (key: FacetKey, title: string, all: ProductFacets["categories"] | undefined) => {
    const options = hideEmpty ? all?.filter((o) => o.count > 0 || o.slug === filters[key]) : all;
    return options && options.length > 0 ? (
      <FilterGroup
        title={title}
        options={options.map((o) => ({ value: o.slug, label: o.name, count: o.count }))}
        selected={filters[key] ?? null}
        getHref={hrefFor(key)}
      />
    ) : null;
  };
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      {hasFilters(filters) && (
        <Link
          href={`${path}${listingSearch(filters.sort ? { sort: filters.sort } : {})}`}
          sx={{ fontWeight: 600 }}
        >
          Clear all filters
        </Link>
      )}
      {facets && facets.price.max > 0 && (
        <PriceFilter filters={filters} max={Math.ceil(facets.price.max)} onChange={onChange} />
      )}
      {group("status", "Availability", facets?.statuses)}
      {group("productType", "Product type", facets?.productTypes)}
      {group("category", "Category", facets?.categories)}
      {filters.category && group("subCategory", "Subcategory", facets?.subCategories)}
      {group("brand", "Brand", facets?.brands)}
    </Box>
  );
}
