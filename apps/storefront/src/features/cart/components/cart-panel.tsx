/** The cart side panel: what is in the cart, with a link to the cart page. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import Typography from "@mui/material/Typography";
import { shopRoutes } from "@shop/domain/routes";
import { useAtomValue, useSetAtom } from "jotai";
import { cartItemsAtom, cartPanelOpenAtom, setCartPanelOpenAtom } from "../atoms.ts";

export default function CartPanel() {
  const open = useAtomValue(cartPanelOpenAtom);
  const items = useAtomValue(cartItemsAtom);
  const setOpen = useSetAtom(setCartPanelOpenAtom);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={() => setOpen(false)}
      slotProps={{ paper: { sx: { width: 320, p: 2 } } }}
    >
      <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
        Cart
      </Typography>
      {items.length === 0 ? (
        <Typography>Your cart is empty.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {items.map((item) => (
            <Box component="li" key={item.id} sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}>
              {item.orderQuantity} × {item.title}
            </Box>
          ))}
        </Box>
      )}
      <Button href={shopRoutes.cart.path} variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(false)}>
        View cart
      </Button>
    </Drawer>
  );
}
