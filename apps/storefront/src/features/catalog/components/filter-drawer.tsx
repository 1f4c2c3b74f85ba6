/** The offcanvas filter panel (and the phone's filters): a drawer, loaded when first opened. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import Typography from "@mui/material/Typography";
import type { ComponentProps } from "react";
import { Filters } from "./filters.tsx";

export default function FilterDrawer({
  open,
  onClose,
  ...filters
}: ComponentProps<typeof Filters> & { open: boolean; onClose(): void }) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300, p: 2 } } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 2 }}>
        <Typography component="h2" variant="h3">
          Filters
        </Typography>
        <Button onClick={onClose}>Done</Button>
      </Box>
      <Filters {...filters} />
    </Drawer>
  );
}
