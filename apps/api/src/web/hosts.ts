/** The two hosts one process answers: the shop's, and the back office's ("admin." before it, or ADMIN_HOST). */
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";

const withoutPort = (host: string) => host.replace(/:\d+$/, "");

export function isAdminHost(request: FastifyRequest, adminHost: string | undefined): boolean {
  const hostname = request.hostname.toLowerCase();
  return adminHost ? hostname === withoutPort(adminHost) : hostname.startsWith("admin.");
}

/** The request's port as the browser wrote it in Host ("" when it wrote none). */
function requestPort(request: FastifyRequest): string {
  return /:(\d+)$/.exec(request.host)?.[1] ?? "";
}

/**
 * The same URL on the admin host, keeping the scheme, the port and the path; null when the shop is reached by
 * an IP address and no ADMIN_HOST is set, so there is no name to put "admin." before.
 */
export function adminHostUrl(request: FastifyRequest, adminHost: string | undefined): string | null {
  let host: string;
  if (adminHost) {
    host = adminHost;
  } else {
    const hostname = request.hostname.toLowerCase();
    if (isIP(hostname.replace(/^\[|\]$/g, ""))) return null;
    host = `admin.${hostname.replace(/^www\./, "")}`;
  }
  const port = requestPort(request);
  if (port && !/:\d+$/.test(host)) host = `${host}:${port}`;
  return `${request.protocol}://${host}${request.url}`;
}

/** Where canonical links and the sitemap point: PUBLIC_ORIGIN when set, else the origin the request came to. */
export function publicOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}
