/// <reference path="./autocannon.d.ts" />
/**
 * Load with autocannon, shared by the API benchmark (`bench/run.ts`) and the pages benchmark
 * (`bench/web/pages.ts`): a warm-up, then a measured time, summed up as 2xx throughput, latency and what failed.
 */
import { createRequire } from "node:module";
import autocannon, { type Options, type RawRequest, type RequestSpec, type Result } from "autocannon";
import { percentile } from "./stats.ts";

/**
 * Autocannon decodes every answer's body into a string, for callbacks that may read it (autocannon#485); these
 * benchmarks read none. Decoding a compressed page as UTF-8 cost the load generator about 160 µs a page, most of
 * its time, so on a machine it shares with the shop it measured itself, not the page. Bodies are counted, not kept.
 */
function keepNoBodies() {
  const queue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
    prototype: { addBody?: (data: Buffer) => void };
  };
  if (typeof queue.prototype.addBody !== "function") {
    throw new Error("autocannon's request queue has no addBody any more: see bench/api/load.ts");
  }
  queue.prototype.addBody = () => {};
}
keepNoBodies();

/** Cycles through a list, shared by every connection, so consecutive requests differ. */
export function rotating<T>(list: T[], apply: (request: RawRequest, item: T) => void): RequestSpec {
  let next = 0;
  return {
    setupRequest: (request) => {
      apply(request, list[next++ % list.length]!);
      return request;
    },
  };
}

export interface LoadFigures {
  /** 2xx answers per second. */
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** 2xx answers. */
  requests: number;
  /** Non-2xx answers and connection errors (timeouts included). */
  failed: number;
  /** What failed: non-2xx answers by status, then connection errors ("" when nothing failed). */
  statuses: string;
}

/** The figures of one autocannon run. */
export function loadFiguresOf(result: Result): LoadFigures {
  const ok = result["2xx"];
  const statuses = [
    ...Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, { count }]) => `${count}× ${code}`),
    ...(result.errors ? [`${result.errors} errors (${result.timeouts} timeouts)`] : []),
  ].join(", ");
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: ok,
    failed: result.non2xx + result.errors,
    statuses,
  };
}

/** `warmup` seconds of load (not counted; skipped when 0), then `duration` seconds measured. */
export async function measureLoad(
  options: Omit<Options, "duration">,
  timing: { warmup: number; duration: number },
): Promise<LoadFigures> {
  if (timing.warmup > 0) await autocannon({ ...options, duration: timing.warmup });
  return loadFiguresOf(await autocannon({ ...options, duration: timing.duration }));
}

/**
 * One autocannon run of `warmup + duration` seconds that counts only what answers after the warm-up: the
 * connections stay busy throughout, so the measured time starts in the steady state. (Two runs, as `measureLoad`
 * does, abandon the warm-up's requests in flight; a server that takes long per request spends the start of the
 * measured run still answering them.) Latency percentiles are over the 2xx answers of the measured time.
 */
export async function measureSteadyLoad(
  options: Omit<Options, "duration">,
  timing: { warmup: number; duration: number },
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let errors = 0;
  let timeouts = 0;
  let from = Number.POSITIVE_INFINITY;
  const measuring = () => performance.now() >= from;
  const instance = autocannon({ ...options, duration: timing.warmup + timing.duration });
  instance.on("start", () => {
    from = performance.now() + timing.warmup * 1000;
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (!measuring()) return;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else failures.set(String(statusCode), (failures.get(String(statusCode)) ?? 0) + 1);
  });
  instance.on("reqError", (error) => {
    if (!measuring()) return;
    errors++;
    if (/timed out/.test(error.message)) timeouts++;
  });
  await instance;
  const seconds = Math.max(0.001, (performance.now() - from) / 1000);
  const non2xx = [...failures.values()].reduce((a, b) => a + b, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : Number.NaN,
    requests: latencies.length,
    failed: non2xx + errors,
    statuses: [
      ...[...failures].map(([code, count]) => `${count}× ${code}`),
      ...(errors ? [`${errors} errors (${timeouts} timeouts)`] : []),
    ].join(", "),
  };
}
