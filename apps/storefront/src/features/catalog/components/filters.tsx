/** The listing's filters with their counts (GET /product/facets): price range, status, type, category, subcategory, brand. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import type { ListingFilters } from "@shop/domain/catalogue";
import type { ProductFacets } from "@shop/domain/schemas";
import { useAtomValue, useSetAtom } from "jotai";
import { useMoney } from "#features/currency/use-money.ts";
import { priceDraftAtom, setPriceDraftAtom } from "../atoms.ts";
import { changeListing, hasFilters, listingSearch } from "../listing.ts";

interface FiltersProps {
  filters: ListingFilters;
  facets: ProductFacets | undefined;
  /** The listing's path ("/shop-list"): filters keep the shopper on the same variant. */
  path: string;
  onChange(change: Partial<ListingFilters>): void;
}

function Group({
  title,
  options,
  selected,
  hrefFor,
}: {
  title: string;
  options: { slug: string; name: string; count: number }[];
  selected: string | undefined;
  hrefFor(slug: string | undefined): string;
}) {
  if (options.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {options.map((option) => {
          const active = option.slug === selected;
          return (
            <Box component="li" key={option.slug}>
              <Link
                href={hrefFor(active ? undefined : option.slug)}
                aria-current={active ? "true" : undefined}
                sx={{
                  display: "flex",
                  justifyContent: "space-between",
                  py: 0.75,
                  color: active ? "primary.main" : "text.primary",
                  fontWeight: active ? 700 : 400,
                }}
              >
                <span>{option.name}</span>
                <Box component="span" sx={{ color: "text.secondary" }}>
                  {option.count}
                </Box>
              </Link>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

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
  const value: [number, number] = draft ?? [
    Math.min(filters.minPrice ?? 0, max),
    Math.min(filters.maxPrice ?? max, max),
  ];
  const label = (usd: number) => money.format(usd) ?? `US$${usd}`;
  return (
    <Box component="section" aria-label="Price" sx={{ mb: 3, px: 1 }}>
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1, mx: -1 }}>
        Price
      </Typography>
      <Slider
        value={value}
        min={0}
        max={max}
        step={1}
        onChange={(_, next) => setDraft(next as [number, number])}
        onChangeCommitted={(_, next) => {
          const [low, high] = next as [number, number];
          setDraft(null);
          onChange({ minPrice: low > 0 ? low : undefined, maxPrice: high < max ? high : undefined });
        }}
        getAriaLabel={(index) => (index === 0 ? "Lowest price" : "Highest price")}
        getAriaValueText={label}
        valueLabelFormat={label}
        valueLabelDisplay="auto"
        disableSwap
      />
      <Typography variant="body2" sx={{ mx: -1 }}>
        {label(value[0])} – {label(value[1])}
      </Typography>
    </Box>
  );
}

export function Filters({ filters, facets, path, onChange }: FiltersProps) {
  const hrefFor =
    (key: "status" | "productType" | "category" | "subCategory" | "brand") => (slug: string | undefined) =>
      `${path}${listingSearch(changeListing(filters, key === "category" ? { category: slug, subCategory: undefined } : { [key]: slug }))}`;
  return (
    <Box>
      {hasFilters(filters) && (
        <Link
          href={`${path}${listingSearch(filters.sort ? { sort: filters.sort } : {})}`}
          sx={{ display: "inline-block", mb: 2, fontWeight: 600 }}
        >
          Clear all filters
        </Link>
      )}
      {facets && facets.price.max > 0 && (
        <PriceFilter filters={filters} max={Math.ceil(facets.price.max)} onChange={onChange} />
      )}
      <Group
        title="Availability"
        options={facets?.statuses ?? []}
        selected={filters.status}
        hrefFor={hrefFor("status")}
      />
      <Group
        title="Product type"
        options={facets?.productTypes ?? []}
        selected={filters.productType}
        hrefFor={hrefFor("productType")}
      />
      <Group
        title="Category"
        options={facets?.categories ?? []}
        selected={filters.category}
        hrefFor={hrefFor("category")}
      />
      {filters.category && (
        <Group
          title="Subcategory"
          options={facets?.subCategories ?? []}
          selected={filters.subCategory}
          hrefFor={hrefFor("subCategory")}
        />
      )}
      <Group
        title="Brand"
        options={facets?.brands ?? []}
        selected={filters.brand}
        hrefFor={hrefFor("brand")}
      />
    </Box>
  );
}
