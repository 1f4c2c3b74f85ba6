/**
 * Content-Security-Policy for the HTML the server sends (decision 011): scripts only from the shop's own origin
 * (plus the hashes of a build's own inline scripts), inline styles allowed because MUI's emotion writes
 * <style> elements at run time, images from the origin or data: URLs, YouTube's privacy-enhanced player.
 */

const YOUTUBE = "https://www.youtube-nocookie.com";

export type CspTarget = "storefront" | "backoffice" | "storybook";

export interface CspOptions {
  /** 'sha256-...' sources of the inline scripts the build ships. */
  scriptHashes?: readonly string[];
  /** Ask the browser to load http: sub-resources over https (only sensible when the page came over https). */
  upgradeInsecureRequests?: boolean;
  /** Origins the storefront's forms may post to besides its own: the card gateway's hosted payment page. */
  formActions?: readonly string[];
}

export function contentSecurityPolicy(target: CspTarget, options: CspOptions = {}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "script-src": ["'self'", ...(options.scriptHashes ?? [])],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    // The back office previews a chosen image from a blob: URL before uploading it.
    "img-src": target === "storefront" ? ["'self'", "data:"] : ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "media-src": ["'self'"],
    // Storybook shows its stories in a frame of its own origin.
    "frame-src": target === "storybook" ? ["'self'", YOUTUBE] : [YOUTUBE],
    "frame-ancestors": ["'self'"],
    "form-action": ["'self'", ...(target === "storefront" ? (options.formActions ?? []) : [])],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (options.upgradeInsecureRequests) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}
