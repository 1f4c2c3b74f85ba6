/**
 * React Router's RouterProvider, in step with its router. RouterProvider reads the router's state as it renders
 * and subscribes to the router's changes once it has committed. A change in between is lost: the router replays
 * it only when nothing else subscribed before (remix-run/react-router#15527), and the shop's start and its build
 * check do. On a page the app renders itself, the first page's code can arrive while React renders the shop's frame
 * around the loading line, in slices, on a busy phone; the page then stayed on "Loading…" for good.
 *
 * This one checks, once a RouterProvider has committed, that the router is still where that provider read it, and
 * otherwise renders a new provider, which reads it again. It checks once per provider it renders: after that the
 * provider follows the router itself.
 */
import { useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { type DataRouter, RouterProvider } from "react-router";

/** React DOM's flushSync, as RouterProvider takes it. */
const drawNow = (update: () => unknown): undefined => {
  flushSync(update);
};

export function ShopRouterProvider({ router }: { router: DataRouter }) {
  const [provider, setProvider] = useState(0);
  // The router's state as this provider reads it: its first render, a few fibers later at most.
  const read = useRef<{ provider: number; state: DataRouter["state"] }>(undefined);
  if (read.current?.provider !== provider) read.current = { provider, state: router.state };
  useLayoutEffect(() => {
    // The provider (a child: its layout effect ran first) is subscribed now; a change before that is the only kind
    // it can have missed.
    if (router.state !== read.current?.state) setProvider((n) => n + 1);
  }, [router, provider]);
  // With React DOM's flushSync, a navigation asked with `flushSync` is drawn at once instead of in a transition React
  // may draw later (sign-out goes home before the session ends). react-router/dom's own provider does the same, with
  // 11 KiB more of the router in the shop's first JavaScript.
  return <RouterProvider key={provider} router={router} flushSync={drawNow} />;
}
