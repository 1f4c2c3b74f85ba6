/**
 * The storefront's entry. It lets the browser paint the page the server drew first, then starts the app
 * (src/app/start.tsx): running the app's code takes the phone's main thread for a while, and the shopper should
 * see the page meanwhile, not after. The server lists the app's code for preloading with the page, so it downloads
 * alongside; only running it waits.
 */
const afterPaint = new Promise<void>((resolve) => {
  // The frame's callback runs before its paint; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(resolve, 0));
  // A tab in the background paints no frame: start anyway.
  setTimeout(resolve, 100);
});

afterPaint.then(() => import("#app/start.tsx"));
