/**
 * The box every icon of `./icons.tsx` shares, as global styles the shop's theme writes once with MUI's CssBaseline:
 * each icon's own style rule then holds its shape alone, not these rules again per icon.
 */
export const ICON_CLASS = "shop-icon";

const icon = `.${ICON_CLASS}`;

export const iconBoxStyles = {
  [icon]: {
    display: "inline-block",
    flexShrink: 0,
    width: "1em",
    height: "1em",
    fontSize: "1.5rem",
    backgroundColor: "currentColor",
    mask: "var(--shape) center / contain no-repeat",
    // In forced colours the background would become the canvas colour and hide the shape; keep the text's colour.
    forcedColorAdjust: "none",
  },
  [`${icon}[data-size='small']`]: { fontSize: "1.25rem" },
  [`${icon}[data-size='inherit']`]: { fontSize: "inherit" },
} as const;
