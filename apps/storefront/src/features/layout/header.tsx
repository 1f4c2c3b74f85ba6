/** The shop's header: logo, menus by product type, search toggle, mobile menu button, and the app's tools (currency, counters). */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import { CloseIcon, MenuIcon, SearchIcon } from "@shop/ui/icons";
import { focusRing } from "@shop/ui/theme";
import { useAtomValue, useSetAtom } from "jotai";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Link as RouterLink } from "react-router";
import { mobileMenuOpenAtom, searchOpenAtom, setMobileMenuOpenAtom, toggleSearchAtom } from "./atoms.ts";
import { Logo } from "./logo.tsx";
import { pageLinks, productTypeLinks } from "./nav.ts";

// The drawer (MUI's modal, transitions, focus trap) loads on the first open only.
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));

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

/**
 * The search bar the toggle opens (the search feature's, handed in by the app), loaded lazily: `preload` starts its
 * code when the shopper reaches for the toggle (pointer over it, focus or press), so it is on its way before the bar
 * opens and none of it weighs on the first screen.
 */
export interface HeaderSearch {
  Bar: ComponentType;
  preload: () => unknown;
}

export interface HeaderProps {
  /** The currency switcher, the account link and the counters. */
  tools: ReactNode;
  search: HeaderSearch;
  /** Extra rows inside the mobile menu (the counters that do not fit a phone's bar). */
  menuExtras?: ReactNode;
  tone?: HeaderTone;
}

/**
 * The bar's icon buttons and icon links (`className="icon-button"`, here and in the app's tools), drawn as MUI's
 * IconButton in the text's colour: plain elements under one rule of the bar, without a ButtonBase apiece (and its
 * ripple, and the spinner it imports), which were 7 KiB of gzip every page loaded before its first render.
 */
const iconButtonSx = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  position: "relative",
  boxSizing: "border-box",
  flex: "0 0 auto",
  m: 0,
  p: 1,
  border: 0,
  borderRadius: "50%",
  outline: 0,
  bgcolor: "transparent",
  color: "inherit",
  fontSize: "1.5rem",
  textAlign: "center",
  textDecoration: "none",
  verticalAlign: "middle",
  cursor: "pointer",
  userSelect: "none",
  WebkitTapHighlightColor: "transparent",
  transition: "background-color 150ms cubic-bezier(0.4, 0, 0.2, 1) 0ms",
  "&:hover": { bgcolor: "action.hover", "@media (hover: none)": { bgcolor: "transparent" } },
  "&:focus-visible": focusRing,
} as const;

/** The bar's height in CSS pixels: it stays at the window's top, and the toasts start below it. */
export const HEADER_HEIGHT = 64;

export function Header({ tools, search, menuExtras, tone = {} }: HeaderProps) {
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
          minHeight: HEADER_HEIGHT,
          // Placed from here, so every icon button of the bar shares one style rule.
          "& .icon-button": iconButtonSx,
          "& > .icon-button.menu-button": { display: { md: "none" }, ml: -1 },
        }}
      >
        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          className="icon-button menu-button"
        >
          <MenuIcon />
        </button>
        <Logo label={tone.logo} color={tone.color} />
        <Box component="nav" aria-label="Main" sx={mainNavSx}>
          {[...productTypeLinks, ...pageLinks.slice(0, 2)].map((link) => (
            <RouterLink key={link.href} to={link.href}>
              {link.label}
            </RouterLink>
          ))}
        </Box>
        <Box sx={{ flex: 1 }} />
        <button
          type="button"
          aria-label={searchOpen ? "Close search" : "Search"}
          aria-expanded={searchOpen}
          onClick={() => toggleSearch()}
          onPointerEnter={search.preload}
          onFocus={search.preload}
          className="icon-button"
        >
          {searchOpen ? <CloseIcon /> : <SearchIcon />}
        </button>
        {tools}
      </Container>
      {searchOpen && (
        <Container maxWidth="md">
          {/* The fallback keeps the bar's height while its code arrives. */}
          <Suspense fallback={<Box sx={{ height: 64 }} />}>
            <search.Bar />
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
