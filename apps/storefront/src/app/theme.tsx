/** The storefront's theme: @shop/ui's, with every MUI link and button href made a client-side react-router link. */
import deepmerge from "@mui/utils/deepmerge";
import { shopTheme } from "@shop/ui/theme";
import type { ComponentProps, Ref } from "react";
import { Link as RouterLink } from "react-router";

type LinkBehaviorProps = Omit<ComponentProps<typeof RouterLink>, "to"> & {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
};

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** MUI's "routing libraries" pattern: shop paths navigate in the app; other addresses stay plain links. */
function LinkBehavior({ href, ref, ...props }: LinkBehaviorProps) {
  if (EXTERNAL.test(href) || href.startsWith("/api/") || href.startsWith("/storybook")) {
    return <a ref={ref} href={href} {...props} />;
  }
  return <RouterLink ref={ref} to={href} {...props} />;
}

/**
 * @shop/ui's theme with the two link components set: its components merged with them, not
 * `createTheme(shopTheme, …)`, which would build every part of the theme (palette, typography, shadows) a second
 * time as the app's code starts.
 */
export const appTheme: typeof shopTheme = {
  ...shopTheme,
  components: deepmerge(shopTheme.components, {
    MuiLink: { defaultProps: { component: LinkBehavior } },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
  }),
};
