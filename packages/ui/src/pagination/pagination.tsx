/**
 * The listing's page links: MUI's pagination (its page range, `usePagination`) drawn as MUI's round text items, as
 * links when the page lives in the URL. The items are ButtonBases under one style rule rather than MUI's
 * PaginationItems, each of which writes six class names and would bring MUI's item styles into every listing.
 */
import ButtonBase from "@mui/material/ButtonBase";
import { styled } from "@mui/material/styles";
import usePagination from "@mui/material/usePagination";
import { textOf } from "#internal/text.ts";
import { NavigateBeforeIcon, NavigateNextIcon } from "../icons/icons.tsx";

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

// MUI's PaginationItem (text, circular, medium, primary), for these items.
const Root = styled("nav")(({ theme }) => {
  const { palette } = theme;
  const item = {
    ...textOf(theme, "body2"),
    borderRadius: 16,
    textAlign: "center",
    boxSizing: "border-box",
    minWidth: 32,
    padding: "0 6px",
    margin: "0 3px",
    color: palette.text.primary,
  } as const;
  return {
    "& > ul": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      justifyContent: "center",
      padding: 0,
      margin: 0,
      listStyle: "none",
    },
    "& .ellipsis": { ...item, height: "auto" },
    "& .item": {
      ...item,
      height: 32,
      transition: theme.transitions.create(["color", "background-color"], {
        duration: theme.transitions.duration.short,
      }),
      "&.Mui-focusVisible": { backgroundColor: palette.action.focus },
      "&.Mui-disabled": { opacity: palette.action.disabledOpacity },
      "&:hover": {
        backgroundColor: palette.action.hover,
        "@media (hover: none)": { backgroundColor: "transparent" },
      },
      "&[aria-current='page']": {
        color: palette.primary.contrastText,
        backgroundColor: palette.primary.main,
        "&:hover": {
          backgroundColor: palette.primary.dark,
          "@media (hover: none)": { backgroundColor: palette.primary.main },
        },
        "&.Mui-focusVisible": { backgroundColor: palette.primary.dark },
      },
    },
    "& .item > .shop-icon": { fontSize: theme.typography.pxToRem(20), margin: "0 -8px" },
  };
});

const ARROWS = { previous: NavigateBeforeIcon, next: NavigateNextIcon } as const;

export function ShopPagination({ page, pageCount, onChange, getHref, label = "Pages" }: ShopPaginationProps) {
  const { items } = usePagination({
    page: Math.min(Math.max(1, page), pageCount),
    count: pageCount,
    onChange: (_, next) => onChange?.(next),
  });
  if (pageCount <= 1) return null;
  return (
    <Root aria-label={label}>
      <ul>
        {items.map(({ type, page: itemPage, selected, disabled, onClick }) => {
          if (type === "start-ellipsis" || type === "end-ellipsis") {
            return (
              <li key={type}>
                <div className="ellipsis">…</div>
              </li>
            );
          }
          const name =
            type === "page"
              ? selected
                ? `Page ${itemPage}, current page`
                : `Go to page ${itemPage}`
              : type === "previous"
                ? "Go to previous page"
                : `Go to ${type} page`;
          const Arrow = type === "previous" || type === "next" ? ARROWS[type] : null;
          // With an href, MUI's ButtonBase renders the theme's LinkComponent (the app's router link) or an <a>.
          const link = getHref && itemPage !== null && !disabled ? { href: getHref(itemPage) } : {};
          return (
            <li key={`${type}-${itemPage}`}>
              <ButtonBase
                className="item"
                disabled={disabled}
                aria-current={selected ? "page" : undefined}
                aria-label={name}
                onClick={onClick}
                {...link}
              >
                {Arrow ? <Arrow /> : itemPage}
              </ButtonBase>
            </li>
          );
        })}
      </ul>
    </Root>
  );
}
