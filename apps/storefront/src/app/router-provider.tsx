/**
 * React Router's RouterProvider, kept in step with its router. RouterProvider reads the router's state as it renders
 * and subscribes to the router's changes once it has committed. A change in between is lost: the router replays
 * it only when nothing else subscribed before (remix-run/react-router#15527), and the shop's start and its build
 * check do. On a page the app draws itself, the first page's code can arrive while React draws the shop's frame
 * around the loading line, in slices, on a busy phone; the page then stayed on "Loading…" for good.
 *
 * This one checks, once a RouterProvider has committed, that the router is still where that provider read it, and
 * otherwise draws a new provider, which reads it again. It checks once per provider it draws: after that the
 * provider follows the router itself.
 */
import { useLayoutEffect, useRef, useState } from "react";
import { type DataRouter, RouterProvider } from "react-router";

export function ShopRouterProvider({ router }: { router: DataRouter }) {
  const [drawing, setDrawing] = useState(0);
  // The router's state as this drawing's provider reads it: its first render, a few fibers later at most.
  const read = useRef<{ drawing: number; state: DataRouter["state"] }>(undefined);
  if (read.current?.drawing !== drawing) read.current = { drawing, state: router.state };
  useLayoutEffect(() => {
    // The provider (a child: its layout effect ran first) is subscribed now; a change before that is the only kind
    // it can have missed.
    if (router.state !== read.current?.state) setDrawing((n) => n + 1);
  }, [router, drawing]);
  return <RouterProvider key={drawing} router={router} />;
}
