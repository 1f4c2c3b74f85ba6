/** The shop's footer: its links in columns, and the small print. */
import Container from "@mui/material/Container";
import { styled } from "@mui/material/styles";
import { focusRing } from "@shop/ui/theme";
import { Link } from "react-router";
import { footerColumns } from "./nav.ts";

// One style rule for the whole footer; its sixteen links are plain router links.
const Root = styled("footer", { shouldForwardProp: (prop) => prop !== "background" && prop !== "ink" })<{
  background: string;
  ink: string;
}>(({ theme, background, ink }) => ({
  backgroundColor: background,
  color: ink,
  marginTop: theme.spacing(6),
  padding: theme.spacing(5, 0),
  "& .columns": {
    display: "grid",
    gap: theme.spacing(3),
    gridTemplateColumns: "1fr 1fr",
    [theme.breakpoints.up("md")]: { gridTemplateColumns: "repeat(4, 1fr)" },
  },
  "& h2": { ...theme.typography.body1, margin: theme.spacing(0, 0, 1), fontWeight: 700 },
  "& nav > a": {
    display: "block",
    padding: theme.spacing(0.5, 0),
    color: "inherit",
    textDecoration: "none",
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": focusRing,
  },
  "& .small-print": { ...theme.typography.body2, margin: theme.spacing(4, 0, 0), opacity: 0.85 },
}));

export function Footer({
  background,
  color,
  name = "The shop",
  signedIn = false,
}: {
  background?: string;
  color?: string;
  name?: string;
  /** A signed-in shopper's footer links to their account instead of the sign-in page. */
  signedIn?: boolean;
}) {
  return (
    <Root background={background ?? "#1c1b1f"} ink={color ?? "#f4f3f7"}>
      <Container maxWidth="xl">
        <div className="columns">
          {footerColumns(signedIn).map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2>{column.title}</h2>
              {column.links.map((link) => (
                <Link key={link.href} to={link.href}>
                  {link.label}
                </Link>
              ))}
            </nav>
          ))}
        </div>
        <p className="small-print">
          {`${name} · Electronics, fashion, beauty and jewelry · Prices in RD$ and US$ · 30-day easy returns`}
        </p>
      </Container>
    </Root>
  );
}
