// @vitest-environment jsdom
// React's own scheduler rendering in slices is what this is about, and it needs a document; jsdom is one.
import { createElement, Fragment, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ShopRouterProvider } from "./router-provider.tsx";

/**
 * The frame around the loading line on a busy phone: parts that take long enough to render that React yields after
 * each, several times over, and the browser runs other work (the page's code arriving) in between.
 */
const SLOW_PARTS = 8;
const SLOW_PART_MS = 10;

function SlowPart() {
  const until = performance.now() + SLOW_PART_MS;
  while (performance.now() < until) {
    // rendering
  }
  return null;
}

describe("ShopRouterProvider", () => {
  it("shows the page whose code arrives while the loading frame is being rendered, with another subscriber", async () => {
    let release!: () => void;
    const codeHere = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = createMemoryRouter([
      {
        path: "/",
        HydrateFallback: () => createElement("p", null, "Loading…"),
        lazy: async () => {
          await codeHere;
          return { Component: () => createElement("h1", null, "Cart") };
        },
      },
    ]);
    // As the shop's start and build check do before the provider commits: with a subscriber, the router does not
    // keep its first change for the provider's subscription.
    const stop = router.subscribe(() => {});

    // Rendered after the provider has read the router's state: the page's code arrives, and the rest of the frame takes
    // long enough that the router takes the code in before React commits.
    let arrived = false;
    function CodeArrivesMeanwhile() {
      if (!arrived) {
        arrived = true;
        release();
      }
      return null;
    }

    const container = document.createElement("div");
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        createElement(
          Fragment,
          null,
          createElement(ShopRouterProvider, { router }),
          createElement(CodeArrivesMeanwhile),
          ...Array.from({ length: SLOW_PARTS }, (_, i) => createElement(SlowPart, { key: i })),
        ),
      );
    });

    await expect.poll(() => router.state.initialized).toBe(true);
    await expect.poll(() => container.textContent, { timeout: 2000 }).toBe("Cart");
    stop();
    root.unmount();
  });
});
