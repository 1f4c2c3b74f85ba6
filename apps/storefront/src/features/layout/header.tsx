/** The shop's header: logo, menus by product type, search toggle, mobile menu button, and the app's tools (currency, counters). */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import { CloseIcon, MenuIcon, SearchIcon } from "@shop/ui/icons";
import { focusRing } from "@shop/ui/theme";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, type ReactNode, Suspense } from "react";
import { Link as RouterLink } from "react-router";
import { mobileMenuOpenAtom, searchOpenAtom, setMobileMenuOpenAtom, toggleSearchAtom } from "./atoms.ts";
import { Logo } from "./logo.tsx";
import { pageLinks, productTypeLinks } from "./nav.ts";

// The drawer (MUI's modal, transitions, focus trap) loads on the first open only.
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));

// The search bar and its suggestions load when the shopper reaches for the search toggle (pointer over it, focus
// or press), so its code is on its way before the bar opens and none of it weighs on the first screen.
const loadSearchBar = () => import("./search-bar.tsx");
const SearchBar = lazy(loadSearchBar);

// The menu's links are plain router links styled from here: one style rule for all of them.
const mainNavSx = {
  display: { xs: "none", md: "flex" },
  gap: 2.5,
  ml: 3,
  "& > a": {
    color: "inherit",
    fontWeight: 600,
    textDecoration: "none",
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": focusRing,
  },
} as const;

export interface HeaderTone {
  /** Background and text colours of the bar; the default is white with the brand's ink. */
  background?: string;
  color?: string;
  logo?: string;
}

export interface HeaderProps {
  /** The currency switcher, the account link and the counters. */
  tools: ReactNode;
  /** Extra rows inside the mobile menu (the counters that do not fit a phone's bar). */
  menuExtras?: ReactNode;
  tone?: HeaderTone;
}

export function Header({ tools, menuExtras, tone = {} }: HeaderProps) {
  const searchOpen = useAtomValue(searchOpenAtom);
  const menuOpen = useAtomValue(mobileMenuOpenAtom);
  const toggleSearch = useSetAtom(toggleSearchAtom);
  const setMenuOpen = useSetAtom(setMobileMenuOpenAtom);
  const color = tone.color ?? "text.primary";
  return (
    <Box
      component="header"
      sx={{
        bgcolor: tone.background ?? "background.paper",
        color,
        borderBottom: 1,
        borderColor: "divider",
        position: "sticky",
        top: 0,
        zIndex: "appBar",
      }}
    >
      <Container
        maxWidth="xl"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: { xs: 0.5, sm: 1 },
          minHeight: 64,
          // Placed from here, so every icon button of the bar shares one style rule.
          "& > .menu-button": { display: { md: "none" }, ml: -1 },
        }}
      >
        <IconButton
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          color="inherit"
          className="menu-button"
        >
          <MenuIcon />
        </IconButton>
        <Logo label={tone.logo} color={tone.color} />
        <Box component="nav" aria-label="Main" sx={mainNavSx}>
          {[...productTypeLinks, ...pageLinks.slice(0, 2)].map((link) => (
            <RouterLink key={link.href} to={link.href}>
              {link.label}
            </RouterLink>
          ))}
        </Box>
        <Box sx={{ flex: 1 }} />
        <IconButton
          aria-label={searchOpen ? "Close search" : "Search"}
          aria-expanded={searchOpen}
          onClick={() => toggleSearch()}
          onPointerEnter={loadSearchBar}
          onFocus={loadSearchBar}
          color="inherit"
        >
          {searchOpen ? <CloseIcon /> : <SearchIcon />}
        </IconButton>
        {tools}
      </Container>
      {searchOpen && (
        <Container maxWidth="md">
          {/* The fallback keeps the bar's height while its code arrives. */}
          <Suspense fallback={<Box sx={{ height: 64 }} />}>
            <SearchBar />
          </Suspense>
        </Container>
      )}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} extras={menuExtras} />
        </Suspense>
      )}
    </Box>
  );
}
