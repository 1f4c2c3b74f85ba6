/**
 * A link without MUI's Link and Typography around it: the bare <a>, through the app's router link when the theme
 * names one (`MuiLink.defaultProps.component`, README "Links"). For the many links of a listing (card titles,
 * filter options), styled by the component that holds them; it brings no styles, not even the focus ring.
 */
import { useTheme } from "@mui/material/styles";
import type { ComponentProps, ElementType } from "react";

export type PlainLinkProps = ComponentProps<"a"> & { href: string };

export function PlainLink(props: PlainLinkProps) {
  const Anchor: ElementType = useTheme().components?.MuiLink?.defaultProps?.component ?? "a";
  return <Anchor {...props} />;
}
