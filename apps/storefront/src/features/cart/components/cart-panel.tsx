/** The cart side panel, opened from the header: the cart's lines, coupon and totals, with the ways on. */
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useAtomValue, useSetAtom } from "jotai";
import { cartCountAtom, cartPanelOpenAtom, setCartPanelOpenAtom } from "../atoms.ts";
import { CartView } from "./cart-view.tsx";

export default function CartPanel() {
  const open = useAtomValue(cartPanelOpenAtom);
  const count = useAtomValue(cartCountAtom);
  const setOpen = useSetAtom(setCartPanelOpenAtom);
  const close = () => setOpen(false);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{
        paper: {
          role: "dialog",
          "aria-labelledby": "cart-panel-title",
          sx: { width: { xs: "100%", sm: 400 }, p: 2 },
        },
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
        <Typography id="cart-panel-title" component="h2" variant="h3" sx={{ flex: 1 }}>
          Cart ({count})
        </Typography>
        <IconButton aria-label="Close cart" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      <CartView compact onLeave={close} />
    </Drawer>
  );
}
