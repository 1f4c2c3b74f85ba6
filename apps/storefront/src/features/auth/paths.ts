/** Where signing in starts and where it returns: /login?next={the page the shopper was on}. */
import { shopRoutes } from "#routes.ts";

/** The sign-in page, coming back to `next` afterwards (not to another sign-in page). */
export function loginHref(next: string): string {
  const back = safeNext(next);
  return back ? `${shopRoutes.login.path}?next=${encodeURIComponent(back)}` : shopRoutes.login.path;
}

const AUTH_PAGES = [shopRoutes.login, shopRoutes.register, shopRoutes.forgot, shopRoutes.resetPassword].map(
  (route) => route.path,
);

/** A `next` worth returning to: a path on this shop (never another site, "//host"), and not a sign-in page. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  const path = next.split(/[?#]/)[0]!;
  return AUTH_PAGES.includes(path) ? null : next;
}
