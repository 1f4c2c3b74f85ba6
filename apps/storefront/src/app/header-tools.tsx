/** The header's tools: currency switcher, account link, and the wishlist, compare and cart counters. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import {
  CompareArrowsIcon,
  FavoriteBorderIcon,
  PersonOutlinedIcon,
  ShoppingBagOutlinedIcon,
} from "@shop/ui/icons";
import { useAtomValue, useSetAtom } from "jotai";
import { Link as RouterLink } from "react-router";
import { cartCountAtom, cartPanelOpenAtom, setCartPanelOpenAtom } from "#features/cart/atoms.ts";
import { compareCountAtom } from "#features/compare/atoms.ts";
import { CurrencySwitcher } from "#features/currency/currency-switcher.tsx";
import { wishlistCountAtom } from "#features/wishlist/atoms.ts";
import { shopRoutes } from "#routes.ts";

/**
 * The tools' places in the bar, set from one element that is no box of its own (`display: contents`): the icon
 * buttons (plain elements the header draws as MUI's IconButton, `icon-button`) then share the bar's style rule.
 */
const placesSx = {
  display: "contents",
  "& > .icon-button.wide": { display: { xs: "none", sm: "inline-flex" } },
  "& > .icon-button.cart": { mr: -1 },
} as const;

/**
 * A count on an icon (MUI's Badge costs more than this bubble on every first load). The button's name says
 * "Cart: 3", not "Cart (3)": the count is visible text, and a name must contain it outside parentheses.
 */
function Count({ count, children }: { count: number; children: React.ReactNode }) {
  return (
    <Box component="span" sx={{ position: "relative", display: "inline-flex" }}>
      {children}
      {count > 0 && (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            position: "absolute",
            top: -6,
            right: -8,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: "secondary.main",
            color: "#fff",
            fontSize: "0.6875rem",
            fontWeight: 700,
            lineHeight: "18px",
            textAlign: "center",
          }}
        >
          {count > 99 ? "99+" : count}
        </Box>
      )}
    </Box>
  );
}

function Counter({
  count,
  label,
  href,
  icon,
}: {
  count: number;
  label: string;
  href: string;
  icon: React.ReactNode;
}) {
  return (
    <RouterLink to={href} aria-label={`${label}: ${count}`} className="icon-button wide">
      <Count count={count}>{icon}</Count>
    </RouterLink>
  );
}

export function HeaderTools() {
  const wishlist = useAtomValue(wishlistCountAtom);
  const compare = useAtomValue(compareCountAtom);
  const cart = useAtomValue(cartCountAtom);
  const panelOpen = useAtomValue(cartPanelOpenAtom);
  const setPanelOpen = useSetAtom(setCartPanelOpenAtom);
  return (
    <Box sx={placesSx}>
      <CurrencySwitcher />
      <RouterLink to={shopRoutes.account.path} aria-label="Account" className="icon-button wide">
        <PersonOutlinedIcon />
      </RouterLink>
      <Counter
        count={wishlist}
        label="Wishlist"
        href={shopRoutes.wishlist.path}
        icon={<FavoriteBorderIcon />}
      />
      <Counter count={compare} label="Compare" href={shopRoutes.compare.path} icon={<CompareArrowsIcon />} />
      <button
        type="button"
        aria-label={`Cart: ${cart}`}
        aria-expanded={panelOpen}
        onClick={() => setPanelOpen(!panelOpen)}
        className="icon-button cart"
      >
        <Count count={cart}>
          <ShoppingBagOutlinedIcon />
        </Count>
      </button>
    </Box>
  );
}

/** The links a phone's bar has no room for, shown in the mobile menu. */
export function MenuTools() {
  const wishlist = useAtomValue(wishlistCountAtom);
  const compare = useAtomValue(compareCountAtom);
  return (
    <Box sx={{ display: { sm: "none" } }}>
      {[
        { label: "Account", href: shopRoutes.account.path },
        { label: `Wishlist (${wishlist})`, href: shopRoutes.wishlist.path },
        { label: `Compare (${compare})`, href: shopRoutes.compare.path },
      ].map((link) => (
        <Link key={link.href} href={link.href} sx={{ display: "block", py: 1, fontWeight: 600 }}>
          {link.label}
        </Link>
      ))}
    </Box>
  );
}
