/**
 * The storefront's entry. On a page the server rendered, it lets the browser paint that page first, then starts the
 * app (src/app/start.tsx): running the app's code takes a phone's main thread for a while, and the shopper should
 * see the page meanwhile, not after: its first content, then its first screen's pictures. On such a page the
 * server lists the app's code for preloading in a <template> (`renderLaterModulePreloads` in src/server/head.ts)
 * that is moved into the head then, so the code does not share a slow connection with those pictures either; a
 * page the app renders itself has the same links in its head, fetched at once.
 */

// The entry imports nothing of the app's (one string at most): whatever it imported would load, with the app's
// chunk where it lives, before the page has painted. A page the server rendered has its markup in #root; any other
// has an empty one.
import { LATER_SCRIPTS_ELEMENT_ID } from "#later-scripts.ts";

function pageShown(): Promise<void> {
  const rendered = (document.getElementById("root")?.childElementCount ?? 0) > 0;
  // Nothing rendered to show first, or a tab in the background, which paints nothing: start at once.
  if (!rendered || document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      // The frame's callback runs before its paint; a task queued from it runs after.
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    // The browser says when the page's first content is on the screen (already, with `buffered`).
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

/** The longest the app waits for the first screen's pictures: a slow picture must not keep the page from answering. */
const PICTURES_WAIT_MS = 2500;

/**
 * The first screen's pictures (those the server marked `fetchpriority="high"`) loaded and painted: the app's code
 * takes the main thread for a while once it runs, and a picture that arrives meanwhile waits for it to be painted.
 */
function picturesShown(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')].filter(
    (img) => !img.complete,
  );
  if (pending.length === 0 || document.visibilityState === "hidden") return Promise.resolve();
  const loaded = pending.map(
    (img) =>
      new Promise<void>((resolve) => {
        img.addEventListener("load", () => resolve(), { once: true });
        img.addEventListener("error", () => resolve(), { once: true });
      }),
  );
  return Promise.race([
    Promise.all(loaded).then(
      // The frame's callback runs before its paint; a task queued from it runs after.
      () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    ),
    new Promise<void>((resolve) => setTimeout(resolve, PICTURES_WAIT_MS)),
  ]);
}

pageShown()
  .then(picturesShown)
  .then(() => {
    const scripts = document.getElementById(LATER_SCRIPTS_ELEMENT_ID) as HTMLTemplateElement | null;
    if (scripts) document.head.append(scripts.content);
    // React first, in a task of its own (its chunk, vite.config.ts), then the rest of the app's start in another:
    // evaluating a chunk is one task the browser cannot split, and the two at once kept a phone's main thread
    // twice as long.
    return import("react-dom/client");
  })
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => import("#app/start.tsx"));
