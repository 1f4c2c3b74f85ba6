/**
 * Serves the built front ends from the API's process: the storefront on the shop host, the back office under
 * /admin on the admin host, the static Storybook at /storybook/. Unknown storefront routes answer 404 with the
 * app (which shows its 404 page), using the storefront's own route table.
 */
import { existsSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import fastifyStatic from "@fastify/static";
import { ADMIN_BASENAME, matchRoute, shopRoutes } from "@shop/domain/routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

export interface WebOptions {
  /** Built storefront (apps/storefront/dist). */
  storefrontDir: string;
  /** Built back office (apps/backoffice/dist). */
  backofficeDir: string;
  /** Static Storybook (packages/ui/storybook-static). */
  storybookDir: string;
}

const isDir = (dir: string) => existsSync(dir) && statSync(dir).isDirectory();

/** The admin host: its name starts with "admin.". */
export function isAdminHost(request: FastifyRequest): boolean {
  return request.hostname.toLowerCase().startsWith("admin.");
}

/** A file below `root` for a URL path, or null when there is none (or the path tries to leave the root). */
function fileIn(root: string, urlPath: string): string | null {
  const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, "");
  if (relative.startsWith("..") || relative === "" || relative === ".") return null;
  const file = join(root, relative);
  return existsSync(file) && statSync(file).isFile() ? relative : null;
}

export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const storefront = isDir(options.storefrontDir) ? options.storefrontDir : null;
  const backoffice = isDir(options.backofficeDir) ? options.backofficeDir : null;
  const storybook = isDir(options.storybookDir) ? options.storybookDir : null;
  if (!storefront && !backoffice) {
    app.log.warn("No built front end found: serving /api only (run `pnpm build` first)");
    return;
  }
  await app.register(fastifyStatic, { root: storefront ?? backoffice!, serve: false });

  function send(reply: FastifyReply, root: string, path: string, status = 200) {
    return reply.status(status).sendFile(path, root);
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path === "/api" || path.startsWith("/api/")) return reply.callNotFound();

    if (isAdminHost(request)) {
      if (!backoffice) return reply.status(404).send("Not Found");
      if (!path.startsWith(`${ADMIN_BASENAME}/`)) return reply.redirect(`${ADMIN_BASENAME}/dashboard`);
      const file = fileIn(backoffice, path.slice(ADMIN_BASENAME.length));
      return send(reply, backoffice, file ?? "index.html");
    }

    if (path.startsWith(ADMIN_BASENAME)) {
      return reply.redirect(`${request.protocol}://admin.${request.host}${request.url}`);
    }
    if (storybook && (path === "/storybook" || path.startsWith("/storybook/"))) {
      const file = fileIn(storybook, path.slice("/storybook".length));
      return file ? send(reply, storybook, file) : reply.redirect("/storybook/index.html");
    }
    if (!storefront) return reply.status(404).send("Not Found");
    const file = fileIn(storefront, path);
    if (file) return send(reply, storefront, file);
    return send(reply, storefront, "index.html", matchRoute(shopRoutes, path) ? 200 : 404);
  };
  app.get("/*", handler);
  app.get("/", handler);
});
