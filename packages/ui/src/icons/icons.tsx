/**
 * The shop's icons, drawn by CSS: each is one empty <span> masked by its Material Design shape and painted in the
 * text colour. A page's stylesheet carries each shape once, however many cards show it, where an inline <svg>
 * would repeat its path in every card (and React would hydrate every path). Their box (size, colour, mask) is one
 * set of rules in the theme's baseline (`./icon-box.ts`, written by MUI's CssBaseline with the shop's theme).
 */
import { styled } from "@mui/material/styles";
import { ICON_CLASS } from "./icon-box.ts";

export interface IconProps {
  /** 1.25rem, 1.5rem (the default) or the surrounding text's size, as MUI's icons. */
  fontSize?: "small" | "medium" | "inherit";
  className?: string;
}

/** The shapes as an SVG data URL, written with the few escapes a CSS url() needs rather than percent-encoding. */
function shapeUrl(shapes: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>${shapes}</svg>`;
  return `url("data:image/svg+xml,${svg.replace(/%/g, "%25").replace(/#/g, "%23").replace(/</g, "%3C").replace(/>/g, "%3E")}")`;
}

/** An icon component of Material Design path data (viewBox 0 0 24 24); `d` may be several paths' `<path>` elements. */
function cssIcon(name: string, d: string, fillRule?: "evenodd") {
  const shapes = d.startsWith("<") ? d : `<path${fillRule ? ` fill-rule='${fillRule}'` : ""} d='${d}'/>`;
  const url = shapeUrl(shapes);
  // The icon's own rule is its shape, a variable the baseline's mask reads (once, where it writes `-webkit-mask` too).
  const Shape = styled("span", { name: "ShopIcon", slot: name })({ "--shape": url });
  function Icon({ fontSize = "medium", className }: IconProps) {
    return (
      // Empty, so screen readers have nothing to read in it: the button or link around it carries the name.
      <Shape
        data-size={fontSize === "medium" ? undefined : fontSize}
        className={className ? `${ICON_CLASS} ${className}` : ICON_CLASS}
      />
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const AddIcon = /* @__PURE__ */ cssIcon("Add", "M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z");
export const CloseIcon = /* @__PURE__ */ cssIcon(
  "Close",
  "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z",
);
export const CompareArrowsIcon = /* @__PURE__ */ cssIcon(
  "CompareArrows",
  "M9.01 14H2v2h7.01v3L13 15l-3.99-4zm5.98-1v-3H22V8h-7.01V5L11 9z",
);
export const ErrorOutlineIcon = /* @__PURE__ */ cssIcon(
  "ErrorOutline",
  "M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8",
);
export const FavoriteIcon = /* @__PURE__ */ cssIcon(
  "Favorite",
  "m12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z",
);
export const FavoriteBorderIcon = /* @__PURE__ */ cssIcon(
  "FavoriteBorder",
  "M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05",
);
export const GridViewIcon = /* @__PURE__ */ cssIcon(
  "GridView",
  "M3 3v8h8V3zm6 6H5V5h4zm-6 4v8h8v-8zm6 6H5v-4h4zm4-16v8h8V3zm6 6h-4V5h4zm-6 4v8h8v-8zm6 6h-4v-4h4z",
  "evenodd",
);
export const MenuIcon = /* @__PURE__ */ cssIcon("Menu", "M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z");
export const NavigateBeforeIcon = /* @__PURE__ */ cssIcon(
  "NavigateBefore",
  "M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z",
);
export const NavigateNextIcon = /* @__PURE__ */ cssIcon(
  "NavigateNext",
  "M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z",
);
export const PauseIcon = /* @__PURE__ */ cssIcon("Pause", "M6 19h4V5H6zm8-14v14h4V5z");
export const PersonOutlinedIcon = /* @__PURE__ */ cssIcon(
  "PersonOutlined",
  "M12 6c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2m0 10c2.7 0 5.8 1.29 6 2H6c.23-.72 3.31-2 6-2m0-12C9.79 4 8 5.79 8 8s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 10c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4",
);
export const PlayArrowIcon = /* @__PURE__ */ cssIcon("PlayArrow", "M8 5v14l11-7z");
export const PlayCircleOutlinedIcon = /* @__PURE__ */ cssIcon(
  "PlayCircleOutlined",
  "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m-2.5-3.5 7-4.5-7-4.5z",
);
export const RemoveIcon = /* @__PURE__ */ cssIcon("Remove", "M19 13H5v-2h14z");
export const SearchIcon = /* @__PURE__ */ cssIcon(
  "Search",
  "M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14",
);
export const SearchOffIcon = /* @__PURE__ */ cssIcon(
  "SearchOff",
  "<path d='M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3 6.08 3 3.28 5.64 3.03 9h2.02C5.3 6.75 7.18 5 9.5 5 11.99 5 14 7.01 14 9.5S11.99 14 9.5 14c-.17 0-.33-.03-.5-.05v2.02c.17.02.33.03.5.03 1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19z'/><path d='M6.47 10.82 4 13.29l-2.47-2.47-.71.71L3.29 14 .82 16.47l.71.71L4 14.71l2.47 2.47.71-.71L4.71 14l2.47-2.47z'/>",
);
export const ShoppingBagOutlinedIcon = /* @__PURE__ */ cssIcon(
  "ShoppingBagOutlined",
  "M18 6h-2c0-2.21-1.79-4-4-4S8 3.79 8 6H6c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8c0-1.1-.9-2-2-2m-6-2c1.1 0 2 .9 2 2h-4c0-1.1.9-2 2-2m6 16H6V8h2v2c0 .55.45 1 1 1s1-.45 1-1V8h4v2c0 .55.45 1 1 1s1-.45 1-1V8h2z",
);
export const TuneIcon = /* @__PURE__ */ cssIcon(
  "Tune",
  "M3 17v2h6v-2zM3 5v2h10V5zm10 16v-2h8v-2h-8v-2h-2v6zM7 9v2H3v2h4v2h2V9zm14 4v-2H11v2zm-6-4h2V7h4V5h-4V3h-2z",
);
export const ViewListIcon = /* @__PURE__ */ cssIcon(
  "ViewList",
  "M3 14h4v-4H3zm0 5h4v-4H3zM3 9h4V5H3zm5 5h13v-4H8zm0 5h13v-4H8zM8 5v4h13V5z",
);
export const VisibilityOutlinedIcon = /* @__PURE__ */ cssIcon(
  "VisibilityOutlined",
  "M12 6c3.79 0 7.17 2.13 8.82 5.5C19.17 14.87 15.79 17 12 17s-7.17-2.13-8.82-5.5C4.83 8.13 8.21 6 12 6m0-2C7 4 2.73 7.11 1 11.5 2.73 15.89 7 19 12 19s9.27-3.11 11-7.5C21.27 7.11 17 4 12 4m0 5c1.38 0 2.5 1.12 2.5 2.5S13.38 14 12 14s-2.5-1.12-2.5-2.5S10.62 9 12 9m0-2c-2.48 0-4.5 2.02-4.5 4.5S9.52 16 12 16s4.5-2.02 4.5-4.5S14.48 7 12 7",
);
