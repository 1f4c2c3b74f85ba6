/**
 * New builds in an open tab (storefront and back office alike): every BUILD_CHECK_INTERVAL_MS, while the page is
 * visible, it asks the server which build is deployed; once that is another build, the next navigation loads its
 * page afresh, and a lazy chunk that fails to load (gone with the old build) does the same. Either reload happens at
 * most once per PAGE_RELOAD_TTL_MS (remembered in sessionStorage), so nothing loops. Cart, lists and session live
 * in localStorage and survive it.
 */
import { BUILD_CHECK_INTERVAL_MS, isNewBuild, LAST_RELOAD_KEY, mayReload } from "@shop/domain/build-check";

interface PathLike {
  pathname: string;
  search: string;
  hash: string;
}

interface RouterState {
  /** Where the router is; a new object for each navigation. */
  location: PathLike;
  /** Where a navigation that waits for its route's code or data is going. */
  navigation: { location?: PathLike | undefined };
}

/** What is used of a react-router data router: where it is, where a navigation is going, and their addresses. */
export interface NavigatingRouter {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  createHref(location: PathLike): string;
}

/** What a reload needs from the browser (a test passes its own). */
export interface ReloadEnv {
  storage: Pick<Storage, "getItem" | "setItem">;
  now(): number;
  assign(href: string): void;
}

const browserEnv = (): ReloadEnv => ({
  storage: sessionStorage,
  now: () => Date.now(),
  assign: (href) => location.assign(href),
});

/**
 * Loads `href` from the server, unless this tab already reloaded within PAGE_RELOAD_TTL_MS; answers whether it
 * does. Without a storage to remember it in, it does not reload at all.
 */
export function reloadTo(href: string, env: ReloadEnv = browserEnv()): boolean {
  const now = env.now();
  try {
    if (!mayReload(env.storage.getItem(LAST_RELOAD_KEY), now)) return false;
    env.storage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  env.assign(href);
  return true;
}

/** The build this page runs: its entry script, which is how the server names the deployed build too. */
export function runningBuild(doc: Document = document): string | null {
  return doc.querySelector('script[type="module"][src]')?.getAttribute("src") ?? null;
}

/**
 * Starts watching for a new build; `url` is where the server answers the deployed one (`{ id }`). Answers a
 * function that stops watching.
 */
export function watchForNewBuild({ url, router }: { url: string; router: NavigatingRouter }): () => void {
  const running = runningBuild();
  let deployedElsewhere = false;

  async function check() {
    if (deployedElsewhere || document.visibilityState !== "visible") return;
    try {
      const response = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
      if (response.ok) deployedElsewhere = isNewBuild(running, await response.json());
    } catch {
      // Offline, or the server restarting with the new build: ask again next time.
    }
  }

  /** The address the shopper is going to, or the page's own outside a navigation. */
  const destination = () => {
    const to = router.state.navigation.location;
    return to ? router.createHref(to) : location.href;
  };

  const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS);
  // The next navigation: caught as it starts when its route loads code or data first (the storefront's lazy pages),
  // else as it lands (the back office's routes load nothing first).
  let shown = router.state.location;
  const stopListening = router.subscribe((state) => {
    const landed = state.location !== shown ? state.location : undefined;
    shown = state.location;
    const to = state.navigation.location ?? landed;
    if (deployedElsewhere && to) reloadTo(router.createHref(to));
  });
  // Vite's loader for lazy chunks announces a chunk (or its CSS) that did not load.
  const chunkFailed = () => reloadTo(destination());
  window.addEventListener("vite:preloadError", chunkFailed);
  return () => {
    clearInterval(timer);
    stopListening();
    window.removeEventListener("vite:preloadError", chunkFailed);
  };
}
