/**
 * Where pages are drawn: on worker threads, so drawing uses every core while the main thread answers the API and
 * sends kept pages; or on this thread (`threads: 0`). Piscina runs the pool: each worker loads the storefront's
 * server build once and draws the pages it is handed.
 */
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { RenderPage, ServerRender, ServerRenderRequest } from "./render-contract.ts";

export interface RenderPool {
  render: RenderPage;
  /** How many threads draw pages (0: this one). */
  threads: number;
  close(): Promise<void>;
}

/** Loads the server build's `render` on this thread. */
async function loadRender(serverEntry: string): Promise<RenderPage> {
  const module = (await import(pathToFileURL(serverEntry).href)) as { render?: RenderPage };
  if (typeof module.render !== "function") throw new Error(`${serverEntry} exports no render function`);
  return module.render;
}

export async function createRenderPool(serverEntry: string, threads: number): Promise<RenderPool> {
  if (threads <= 0) {
    const render = await loadRender(serverEntry);
    return { render, threads: 0, close: async () => {} };
  }
  const pool = new Piscina<ServerRenderRequest, ServerRender>({
    filename: pathToFileURL(serverEntry).href,
    name: "render",
    minThreads: threads,
    maxThreads: threads,
    // A page is small work: a few queued per thread keeps every core busy without holding shoppers back.
    concurrentTasksPerWorker: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  return {
    render: (request) => pool.run(request),
    threads,
    close: () => pool.destroy(),
  };
}
