/** A page for signed-in shoppers: a signed-out one goes to /login and comes back here after signing in. */
import Box from "@mui/material/Box";
import type { User } from "@shop/domain/schemas/public";
import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Redirect } from "#components/redirect.tsx";
import { loginHref } from "../paths.ts";
import { sessionUserAtom } from "../session.ts";

export function RequireSession({ children }: { children: (user: User) => ReactNode }) {
  const user = useAtomValue(sessionUserAtom);
  const { pathname, search } = useLocation();
  if (user === undefined) {
    return (
      <Box role="status" sx={{ py: 10, textAlign: "center", color: "text.secondary" }}>
        Loading…
      </Box>
    );
  }
  if (user === null) return <Redirect to={loginHref(pathname + search)} />;
  return children(user);
}
