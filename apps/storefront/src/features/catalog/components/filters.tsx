/** The listing's filters with their counts (GET /product/facets): price range, status, type, category, subcategory, brand, size, colour. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import type { ListingFilters } from "@shop/domain/catalogue";
import type { ProductFacets } from "@shop/domain/schemas/public";
import { FilterGroup } from "@shop/ui/filter-group";
import { PriceRangeSlider } from "@shop/ui/price-range-slider";
import { useAtomValue, useSetAtom } from "jotai";
import { useMoney } from "#features/currency/use-money.ts";
import { shopHref } from "#routes.ts";
import { priceDraftAtom, setPriceDraftAtom } from "../atoms.ts";
import { changeListing, hasFilters, shownOptions } from "../listing.ts";

export interface FiltersProps {
  filters: ListingFilters;
  facets: ProductFacets | undefined;
  /** The listing's path ("/shop-list"): filters keep the shopper on the same variant. */
  path: string;
  onChange(change: Partial<ListingFilters>): void;
}

/**
 * Brands and colours are the merchant's own names and grow with the catalogue (the sample shop has 65 colours): each
 * shows its eight commonest until the shopper asks for all, which keeps a listing's page some 400 elements lighter to
 * draw and hydrate. Sizes, categories and availability are short, ordered sets and show whole.
 */
const FOLDED = 8;

type FacetKey = "status" | "productType" | "category" | "subCategory" | "brand";

/** A size or colour with how many products offer it. */
type OptionFacet = ProductFacets["sizes"][number];

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

export function Filters({ filters, facets, path, onChange }: FiltersProps) {
  const hrefFor = (key: FacetKey) => (value: string | null) => {
    const slug = value ?? undefined;
    const change = key === "category" ? { category: slug, subCategory: undefined } : { [key]: slug };
    return shopHref.listing(changeListing(filters, change), path);
  };
  const group = (
    key: FacetKey,
    title: string,
    all: ProductFacets["categories"] | undefined,
    shown?: number,
  ) => {
    const options = all && shownOptions(all, filters[key]);
    return options && options.length > 0 ? (
      <FilterGroup
        title={title}
        options={options.map((o) => ({ value: o.slug, label: o.name, count: o.count }))}
        selected={filters[key] ?? null}
        getHref={hrefFor(key)}
        shown={shown}
      />
    ) : null;
  };
  // Sizes and colours: the values' own spelling as labels, colours with their swatch. The URL may name several
  // (?size=40,41, any of them matches); the group chooses one, and clearing it clears them all.
  const optionGroup = (
    key: "size" | "color",
    title: string,
    all: OptionFacet[] | undefined,
    shown?: number,
  ) => {
    const chosen = filters[key]?.[0];
    const options = all && shownOptions(all, chosen);
    return options && options.length > 0 ? (
      <FilterGroup
        title={title}
        options={options.map((o) => ({ value: o.slug, label: o.value, count: o.count, swatch: o.clrCode }))}
        selected={chosen ?? null}
        shown={shown}
        getHref={(value) =>
          shopHref.listing(changeListing(filters, { [key]: value ? [value] : undefined }), path)
        }
      />
    ) : null;
  };
  const optionFacets = facets;
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      {hasFilters(filters) && (
        <Link
          href={shopHref.listing(filters.sort ? { sort: filters.sort } : {}, path)}
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
      {group("brand", "Brand", facets?.brands, FOLDED)}
      {optionGroup("size", "Size", optionFacets?.sizes)}
      {optionGroup("color", "Colour", optionFacets?.colors, FOLDED)}
    </Box>
  );
}
