/**
 * The product listing every /shop variant and /search show: filters, sort, grid or list, pages or load-more.
 * Its state lives in the URL, so a control changes the URL, the back button undoes it, a pasted link shows it.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import { alpha } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import type { ListingFilters, SortOption } from "@shop/domain/catalogue";
import { counted } from "@shop/domain/messages";
import type { Paginated, Product } from "@shop/domain/schemas/public";
import { EmptyState } from "@shop/ui/empty-state";
import { GridViewIcon, TuneIcon, ViewListIcon } from "@shop/ui/icons";
import { ShopPagination } from "@shop/ui/pagination";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { type UseQueryOptions, useQueries, useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { shopHref } from "#routes.ts";
import { changeListing, hasFilters, readListing, SORT_LABELS } from "../listing.ts";
import { catalogQueries } from "../queries.ts";
import { Filters } from "./filters.tsx";
import { ProductGrid } from "./product-grid.tsx";

const FilterDrawer = lazy(() => import("./filter-drawer.tsx"));

export interface ListingVariant {
  width: "lg" | "xl" | "wide" | "fluid";
  layout: "grid" | "list";
  filters: "left" | "right" | "none" | "dropdown" | "offcanvas";
  paging: "pages" | "load-more";
  /** Shown above the listing (the categories variant's tiles). */
  before?: ReactNode;
}

const COLUMNS = {
  sidebar: { xs: 2, sm: 2, md: 3 },
  full: { xs: 2, sm: 3, md: 4 },
  wide: { xs: 2, sm: 3, md: 4, xl: 5 },
};

function useListingUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = readListing(location.search);
  const setFilters = (change: Partial<ListingFilters>) =>
    navigate(shopHref.listing(changeListing(filters, change), location.pathname), {
      preventScrollReset: true,
    });
  return { path: location.pathname, filters, setFilters };
}

/** The query of one page of products: the listing's, or the search page's for its words. */
type PageQuery = (
  filters: ListingFilters,
) => UseQueryOptions<Paginated<Product>, Error, Paginated<Product>, (string | object)[]>;

export function ShopListing({
  variant,
  title,
  searchText,
  pageQuery = catalogQueries.list,
}: {
  variant: ListingVariant;
  title: string;
  /** On the search page: its words, which are the page itself rather than a filter. */
  searchText?: string;
  pageQuery?: PageQuery;
}) {
  const { path, filters, setFilters } = useListingUrl();
  const [layout, setLayout] = useState(variant.layout);
  const [panelOpen, setPanelOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const search = searchText !== undefined;
  // On the search page the words are the page itself, not a filter to clear.
  const filtered = hasFilters(search ? { ...filters, searchText: undefined } : filters);
  const facets = useQuery(catalogQueries.facets(filters));
  const lastPage = filters.page ?? 1;
  const pageNumbers =
    variant.paging === "load-more" ? Array.from({ length: lastPage }, (_, i) => i + 1) : [lastPage];
  const pages = useQueries({
    queries: pageNumbers.map((page) => pageQuery({ ...filters, page })),
  });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const products = pages.flatMap((p) => p.data?.items ?? []);
  const total = last.data?.totalCount ?? 0;
  const sideFilters = variant.filters === "left" || variant.filters === "right";
  const filterProps = { filters, facets: facets.data, path, onChange: setFilters };
  const columns = sideFilters ? COLUMNS.sidebar : variant.width === "wide" ? COLUMNS.wide : COLUMNS.full;
  const pageSize = first.data?.pageSize ?? 12;
  const from = products.length === 0 ? 0 : (pageNumbers[0]! - 1) * pageSize + 1;
  const to = products.length === 0 ? 0 : Math.min(total, from - 1 + products.length);

  const sidebar = sideFilters && (
    <Box
      component="aside"
      aria-label="Filters"
      sx={{ display: { xs: "none", md: "block" }, width: 260, flexShrink: 0 }}
    >
      <Typography component="h2" sx={visuallyHidden}>
        Filters
      </Typography>
      <Filters {...filterProps} />
    </Box>
  );

  let body: ReactNode;
  if (first.isPending) body = <ProductGridSkeleton count={6} layout={layout} />;
  else if (first.error)
    body = <LoadError error={first.error} onRetry={() => first.refetch()} what="the products" />;
  else if (products.length === 0 && total > 0) {
    body = (
      <EmptyState
        title="No more products"
        message="This page is past the end of the list."
        action={{
          label: "Back to the first page",
          href: shopHref.listing(changeListing(filters, {}), path),
        }}
      />
    );
  } else if (products.length === 0) {
    const clear = shopHref.listing(search ? { searchText: filters.searchText } : {}, path);
    body = (
      <EmptyState
        title="No products match"
        message={
          filtered
            ? "Try fewer filters or another word."
            : search
              ? "Try another word."
              : "Nothing is for sale here yet."
        }
        action={filtered ? { label: "Clear filters", href: clear } : undefined}
      />
    );
  } else {
    body = (
      <>
        <Typography component="h2" sx={visuallyHidden}>
          Products
        </Typography>
        <ProductGrid products={products} layout={layout} columns={columns} priorityCount={2} />
        <Box sx={{ mt: 3, textAlign: "center" }}>
          {variant.paging === "load-more" ? (
            to < total && (
              <Button
                variant="outlined"
                disabled={last.isFetching}
                onClick={() => setFilters({ page: lastPage + 1 })}
              >
                {last.isFetching ? "Loading…" : "Load more"}
              </Button>
            )
          ) : (
            <ShopPagination
              page={lastPage}
              pageCount={first.data?.totalPages ?? 1}
              getHref={(page) =>
                shopHref.listing(changeListing(filters, { page: page > 1 ? page : undefined }), path)
              }
            />
          )}
        </Box>
      </>
    );
  }

  return (
    <Container
      maxWidth={variant.width === "fluid" || variant.width === "wide" ? false : variant.width}
      sx={{ py: 3, ...(variant.width === "wide" ? { maxWidth: 1600 } : {}) }}
    >
      <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" }, mb: 2 }}>
        {title}
      </Typography>
      {variant.before}
      <Box
        sx={{ display: "flex", gap: 4, flexDirection: variant.filters === "right" ? "row-reverse" : "row" }}
      >
        {sidebar}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            sx={(theme) => ({
              display: "flex",
              flexWrap: "wrap",
              alignItems: "center",
              gap: 1,
              mb: 2,
              // The layout buttons share the header's icon buttons' style rule; their colours are set here.
              "& > .layout": { color: "action.active" },
              "& > .layout[aria-pressed='true']": {
                color: "primary.main",
                "--IconButton-hoverBg": alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
              },
            })}
          >
            <Typography role="status" sx={{ flex: "1 1 auto" }}>
              {first.isPending
                ? "Loading products…"
                : `Showing ${from}–${to} of ${counted(total, "result", "results")}`}
            </Typography>
            {variant.filters !== "none" && (
              <Button
                variant="outlined"
                startIcon={<TuneIcon />}
                aria-expanded={variant.filters === "dropdown" ? panelOpen : drawerOpen}
                onClick={() =>
                  variant.filters === "dropdown" ? setPanelOpen(!panelOpen) : setDrawerOpen(true)
                }
                sx={sideFilters ? { display: { md: "none" } } : undefined}
              >
                Filters
              </Button>
            )}
            <Box
              component="select"
              aria-label="Sort by"
              value={filters.sort === "low-to-hight" ? "low-to-high" : (filters.sort ?? "default-sorting")}
              onChange={(event) =>
                setFilters({ sort: (event.target as HTMLSelectElement).value as SortOption })
              }
              sx={{
                font: "inherit",
                px: 1,
                py: 0.75,
                minHeight: 40,
                border: 1,
                borderColor: "divider",
                borderRadius: 1,
                bgcolor: "background.paper",
                color: "text.primary",
              }}
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Box>
            <IconButton
              aria-label="Show as grid"
              aria-pressed={layout === "grid"}
              onClick={() => setLayout("grid")}
              color="inherit"
              className="layout"
            >
              <GridViewIcon />
            </IconButton>
            <IconButton
              aria-label="Show as list"
              aria-pressed={layout === "list"}
              onClick={() => setLayout("list")}
              color="inherit"
              className="layout"
            >
              <ViewListIcon />
            </IconButton>
          </Box>
          {variant.filters === "dropdown" && panelOpen && (
            <Box
              sx={{
                p: 2,
                mb: 2,
                border: 1,
                borderColor: "divider",
                borderRadius: 2,
                bgcolor: "background.paper",
              }}
            >
              <Filters {...filterProps} />
            </Box>
          )}
          {facets.error && (
            <LoadError error={facets.error} onRetry={() => facets.refetch()} what="the filters" />
          )}
          {body}
        </Box>
      </Box>
      {drawerOpen && (
        <Suspense fallback={null}>
          <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} {...filterProps} />
        </Suspense>
      )}
    </Container>
  );
}
