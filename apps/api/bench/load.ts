/// <reference path="./autocannon.d.ts" />
/**
 * Load with autocannon, shared by the API benchmark (`bench/run.ts`) and the pages benchmark
 * (`e2e/bench/pages.ts`): a warm-up, then a measured run, summed up as 2xx throughput, latency and what failed.
 */
import autocannon, { type Options, type RawRequest, type RequestSpec, type Result } from "autocannon";

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
