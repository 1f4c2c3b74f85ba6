/** The phone's menu: a drawer with the product types, the shop's pages and the app's extras. */
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { pageLinks, productTypeLinks } from "./nav.ts";

export default function MobileMenu({
  open,
  onClose,
  extras,
}: {
  open: boolean;
  onClose: () => void;
  extras?: ReactNode;
}) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280, p: 2 } } }}>
      <Box component="nav" aria-label="Menu">
        {[
          { title: "Shop by type", links: productTypeLinks },
          { title: "Pages", links: pageLinks },
        ].map((group, index) => (
          <Box key={group.title}>
            <Typography component="h2" variant="h4" sx={{ mt: index === 0 ? 0 : 2, mb: 1 }}>
              {group.title}
            </Typography>
            {group.links.map((link) => (
              <Link
                underline="hover"
                key={link.href}
                href={link.href}
                onClick={onClose}
                sx={{ display: "block", py: 1, fontWeight: 600 }}
              >
                {link.label}
              </Link>
            ))}
          </Box>
        ))}
        {extras && <Box sx={{ mt: 2 }}>{extras}</Box>}
      </Box>
    </Drawer>
  );
}
