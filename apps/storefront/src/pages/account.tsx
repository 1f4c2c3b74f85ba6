/** /account (orders and reviews) and /profile (details, addresses, password): the signed-in shopper's pages. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { shopRoutes } from "@shop/domain/routes";
import type { Order, User } from "@shop/domain/schemas/public";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { AddressesSection } from "#features/account/components/addresses-section.tsx";
import { PasswordSection } from "#features/account/components/password-section.tsx";
import { ProfileSection } from "#features/account/components/profile-section.tsx";
import { type ReviewableProduct, ReviewsSection } from "#features/account/components/reviews-section.tsx";
import { RequireSession } from "#features/auth/components/require-session.tsx";
import { SignOutEverywhere } from "#features/auth/components/sign-out-everywhere.tsx";
import { signOutAtom, userChangedAtom } from "#features/auth/session.ts";
import { OrderHistory } from "#features/orders/components/order-history.tsx";
import { api } from "#lib/api.ts";
import { usePageHead } from "#lib/use-page-head.ts";

type Section = "orders" | "profile";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Each product once, from the orders that were not cancelled. */
function reviewable(orders: Order[]): ReviewableProduct[] {
  const seen = new Map<string, ReviewableProduct>();
  for (const order of orders) {
    if (order.status === "cancelled") continue;
    for (const line of order.items) {
      if (!seen.has(line.productId))
        seen.set(line.productId, { productId: line.productId, title: line.title, img: line.img });
    }
  }
  return [...seen.values()];
}

function Account({ user, section }: { user: User; section: Section }) {
  const signOut = useSetAtom(signOutAtom);
  const userChanged = useSetAtom(userChangedAtom);
  const navigate = useNavigate();
  // The server's copy of the user (a 401 here refreshes the session; a refused refresh ends at /login).
  const profile = useQuery({
    queryKey: ["profile", user.userId],
    queryFn: () => api((client) => client.users.profile()),
    staleTime: 0,
  });
  useEffect(() => {
    if (profile.data) userChanged(profile.data);
  }, [profile.data, userChanged]);
  return (
    <>
      {profile.error && (
        <LoadError error={profile.error} onRetry={() => profile.refetch()} what="your details" />
      )}
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 2, flexWrap: "wrap" }}>
        <Typography component="h1" variant="h1" sx={{ flex: 1 }}>
          {section === "orders" ? shopRoutes.account.title : shopRoutes.profile.title}
        </Typography>
        <Button
          onClick={async () => {
            // Home first: this page would otherwise send a signed-out shopper to /login.
            await navigate(shopRoutes.home.path);
            await signOut();
          }}
        >
          Sign out
        </Button>
      </Box>
      <Typography sx={{ mt: 1 }}>
        Hello, {user.firstName} {user.lastName}.
      </Typography>
      <Box component="nav" aria-label="Account" sx={{ display: "flex", gap: 1, mt: 2 }}>
        <Button
          href={shopRoutes.account.path}
          variant={section === "orders" ? "contained" : "outlined"}
          aria-current={section === "orders" ? "page" : undefined}
        >
          Orders
        </Button>
        <Button
          href={shopRoutes.profile.path}
          variant={section === "profile" ? "contained" : "outlined"}
          aria-current={section === "profile" ? "page" : undefined}
        >
          Profile and addresses
        </Button>
      </Box>
      {section === "orders" ? (
        <Part title="Your orders">
          <OrderHistory>
            {(orders) =>
              reviewable(orders).length > 0 && (
                <Part title="Review what you bought">
                  <ReviewsSection products={reviewable(orders)} />
                </Part>
              )
            }
          </OrderHistory>
        </Part>
      ) : (
        <>
          <Part title="Your details">
            <ProfileSection user={user} onChanged={userChanged} />
          </Part>
          <Part title="Addresses">
            <AddressesSection />
          </Part>
          <Part title="Password">
            <PasswordSection />
          </Part>
          <Part title="Devices">
            <SignOutEverywhere />
          </Part>
        </>
      )}
    </>
  );
}

export default function AccountPage({ section }: { section: Section }) {
  usePageHead(section === "orders" ? shopRoutes.account.title : shopRoutes.profile.title);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <RequireSession>{(user) => <Account user={user} section={section} />}</RequireSession>
    </Container>
  );
}
