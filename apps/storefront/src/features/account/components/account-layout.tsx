/** The signed-in shopper's pages (/account, /profile): their heading, the sign-out button and the nav between them. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { User } from "@shop/domain/schemas/public";
import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { RequireSession } from "#features/auth/components/require-session.tsx";
import { signOutAtom, userChangedAtom } from "#features/auth/session.ts";
import { api } from "#lib/api.ts";
import { shopRoutes } from "#routes.ts";

export type AccountSection = "account" | "profile";

/** Each page's name, in its title and its heading. */
export const ACCOUNT_TITLES: Record<AccountSection, string> = {
  account: "My account",
  profile: "Profile",
};

export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function AccountHeader({ user, section }: { user: User; section: AccountSection }) {
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
          {ACCOUNT_TITLES[section]}
        </Typography>
        <Button
          onClick={async () => {
            // Home first, drawn before the session ends (flushSync, not a transition React may draw later): this
            // page would otherwise send the signed-out shopper to /login.
            await navigate(shopRoutes.home.path, { flushSync: true });
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
          variant={section === "account" ? "contained" : "outlined"}
          aria-current={section === "account" ? "page" : undefined}
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
    </>
  );
}

/**
 * A signed-in shopper's page: the heading and nav, then what `children` draws for the user. Each page is a route
 * module of its own, so a first visit to one loads only its own parts (the profile's forms stay off /account).
 */
export function AccountPageLayout({
  section,
  children,
}: {
  section: AccountSection;
  children: (user: User) => ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <RequireSession>
        {(user) => (
          <>
            <AccountHeader user={user} section={section} />
            {children(user)}
          </>
        )}
      </RequireSession>
    </Container>
  );
}
