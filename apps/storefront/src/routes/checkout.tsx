/**
 * /checkout: a signed-out shopper signs in or registers right here and stays; a signed-in one chooses address,
 * shipping and payment and places the order. Success empties the cart and opens the order's page.
 */
import ShoppingBagOutlinedIcon from "@mui/icons-material/ShoppingBagOutlined";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { EmptyState } from "@shop/ui/empty-state";
import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type Meta, pageTitle } from "#app/route-module.ts";
import { SignInOrRegister } from "#features/auth/components/sign-in-or-register.tsx";
import { sessionUserAtom } from "#features/auth/session.ts";
import { cartItemsAtom, limitCartItemAtom, orderPlacedAtom } from "#features/cart/atoms.ts";
import { CouponField } from "#features/cart/components/coupon-field.tsx";
import { useCoupon } from "#features/cart/use-coupon.ts";
import { CheckoutForm } from "#features/checkout/components/checkout-form.tsx";
import { GuestCheckoutForm } from "#features/checkout/components/guest-checkout-form.tsx";
import { OrderSummary } from "#features/checkout/components/order-summary.tsx";
import { shopHref, shopRoutes } from "#routes.ts";

export const meta: Meta<"checkout"> = () => ({ title: pageTitle("Checkout") });

export default function CheckoutPage() {
  const lines = useAtomValue(cartItemsAtom);
  const user = useAtomValue(sessionUserAtom);
  const coupon = useCoupon(lines);
  const limitCartItem = useSetAtom(limitCartItemAtom);
  const orderPlaced = useSetAtom(orderPlacedAtom);
  const navigate = useNavigate();
  const [placed, setPlaced] = useState(false);

  const couponField = <CouponField lines={lines} check={coupon} />;
  const checkoutCoupon = { code: coupon.code, discount: coupon.discount };

  let content: React.ReactNode;
  if (placed) {
    content = <Typography role="status">Your order is placed. Opening it…</Typography>;
  } else if (lines.length === 0) {
    content = (
      <EmptyState
        title="Your cart is empty"
        message="Add something to the cart to check out."
        action={{ label: "Go to the shop", href: shopRoutes.shop.path }}
        icon={<ShoppingBagOutlinedIcon />}
      />
    );
  } else if (user === undefined) {
    content = <Typography role="status">Loading…</Typography>;
  } else if (user === null) {
    content = (
      <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { md: "1fr 400px" }, alignItems: "start" }}>
        <Box component="section" aria-label="Your account">
          <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
            Your account
          </Typography>
          <SignInOrRegister />
          <Box sx={{ mt: 4 }}>
            <GuestCheckoutForm
              lines={lines}
              couponCode={coupon.discount > 0 ? coupon.code : null}
              onPlaced={({ order, token }) => {
                setPlaced(true);
                orderPlaced();
                // The guest's order page opens through its signed link; a card order goes on to the gateway.
                navigate(`${shopHref.order(order.id)}&token=${encodeURIComponent(token)}`, {
                  state: { placed: true, pay: order.paymentMethod === "card" && order.payment.canPayNow },
                });
              }}
            />
          </Box>
        </Box>
        <OrderSummary lines={lines} coupon={checkoutCoupon} shipping={null}>
          {couponField}
        </OrderSummary>
      </Box>
    );
  } else {
    content = (
      <CheckoutForm
        lines={lines}
        coupon={checkoutCoupon}
        couponField={couponField}
        onStockRefusal={({ lineKey, available }) => limitCartItem({ lineKey, available })}
        onPlaced={(order) => {
          setPlaced(true);
          orderPlaced();
          // A card order goes on to the card gateway from its page.
          navigate(shopHref.order(order.id), {
            state: { placed: true, pay: order.paymentMethod === "card" && order.payment.canPayNow },
          });
        }}
      />
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
        Checkout
      </Typography>
      {content}
    </Container>
  );
}
