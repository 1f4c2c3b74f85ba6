/** The listing's page links: MUI's pagination, as links when the page lives in the URL. */
import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";

export interface ShopPaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onChange?: (page: number) => void;
  /** When given, every page is a link to its URL (crawlable, and the back button returns to it). */
  getHref?: (page: number) => string;
  /** The navigation landmark's name. */
  label?: string;
}

export function ShopPagination({ page, pageCount, onChange, getHref, label = "Pages" }: ShopPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Pagination
      page={Math.min(Math.max(1, page), pageCount)}
      count={pageCount}
      color="primary"
      aria-label={label}
      onChange={(_, next) => onChange?.(next)}
      getItemAriaLabel={(type, itemPage, selected) => {
        if (type === "page") return selected ? `Page ${itemPage}, current page` : `Go to page ${itemPage}`;
        return type === "previous" ? "Go to previous page" : `Go to ${type} page`;
      }}
      renderItem={(item) => {
        const linked = getHref && item.page !== null && !item.disabled && !item.type.endsWith("ellipsis");
        // With an href, MUI's ButtonBase renders the theme's LinkComponent (the app's router link) or an <a>.
        const link = linked ? { href: getHref(item.page!) } : {};
        return <PaginationItem {...item} {...link} />;
      }}
      sx={{ "& .MuiPagination-ul": { justifyContent: "center" } }}
    />
  );
}
