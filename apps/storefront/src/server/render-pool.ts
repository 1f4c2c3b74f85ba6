/**
 * Where pages are rendered: on worker threads, so rendering uses every core while the main thread answers the API
 * and sends cached pages; or on this thread (`threads: 0`, with the build's `render` this thread has loaded).
 * Piscina runs the pool: each worker loads the storefront's server build once and renders the pages it is handed.
 */
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { RenderPage, ServerRender, ServerRenderRequest } from "./render-contract.ts";

export interface RenderPool {
  render: RenderPage;
  /** How many threads render pages (0: this one). */
  threads: number;
  close(): Promise<void>;
}

export async function createRenderPool(
  serverEntry: string,
  threads: number,
  renderHere: RenderPage,
): Promise<RenderPool> {
  if (threads <= 0) return { render: renderHere, threads: 0, close: async () => {} };
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
