/**
 * New builds (spec section 9): an open tab asks every BUILD_CHECK_INTERVAL_MS whether a new build is deployed, and
 * reloads to take it at most once per PAGE_RELOAD_TTL_MS, so a build that keeps failing never loops the page.
 */
import { BUILD_CHECK_INTERVAL_MS, PAGE_RELOAD_TTL_MS } from "./constants.ts";

export { BUILD_CHECK_INTERVAL_MS, PAGE_RELOAD_TTL_MS };

/** Where each front end's server answers `{ id }`, the deployed build, below the app's base ("/", "/admin"). */
export const BUILD_ID_PATH = "/build.json";

/** The sessionStorage key holding when this tab last reloaded for a new build (ms since the epoch). */
export const LAST_RELOAD_KEY = "shop-build-reloaded-at";

/**
 * Whether a tab may reload now, given what it stored at its last reload (null: never). At most once per
 * PAGE_RELOAD_TTL_MS; a stored value that is not a time, or one in the future (the clock was set back), does not
 * hold a reload back for ever.
 */
export function mayReload(lastReloadAt: string | null, now: number): boolean {
  if (lastReloadAt === null) return true;
  const last = Number(lastReloadAt);
  if (!Number.isFinite(last) || last > now) return true;
  return now - last >= PAGE_RELOAD_TTL_MS;
}

/** Whether the server's answer names another build than the one running (an answer without an id names none). */
export function isNewBuild(running: string | null, answer: unknown): boolean {
  if (running === null || typeof answer !== "object" || answer === null) return false;
  const deployed = (answer as { id?: unknown }).id;
  return typeof deployed === "string" && deployed !== "" && deployed !== running;
}
