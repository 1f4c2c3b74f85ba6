/** The shop's footer: its links in columns, and the small print. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { footerColumns } from "./nav.ts";

export function Footer({
  background,
  color,
  name = "The shop",
}: {
  background?: string;
  color?: string;
  name?: string;
}) {
  return (
    <Box
      component="footer"
      sx={{ bgcolor: background ?? "#1c1b1f", color: color ?? "#f4f3f7", mt: 6, py: 5 }}
    >
      <Container maxWidth="xl">
        <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
          {footerColumns.map((column) => (
            <Box key={column.title} component="nav" aria-label={column.title}>
              <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {column.title}
              </Typography>
              {column.links.map((link) => (
                <Link
                  key={link.href}
                  href={link.href}
                  underline="hover"
                  sx={{ display: "block", color: "inherit", py: 0.5 }}
                >
                  {link.label}
                </Link>
              ))}
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 4, opacity: 0.85 }}>
          {name} · Electronics, fashion, beauty and jewelry · Prices in RD$ and US$ · 30-day easy returns
        </Typography>
      </Container>
    </Box>
  );
}
