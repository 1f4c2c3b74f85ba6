/**
 * What taking over a drawn page costs a phone's main thread, read from real loads rather than Lighthouse's
 * simulation: each page is loaded several times in Chromium on a phone's screen with the CPU slowed 4× (as
 * Lighthouse's mobile setting does), traced, and the tasks that ran after the first contentful paint are measured.
 * A task over 50 ms blocks input; its time over 50 ms is what total blocking time adds up. `pnpm bench:web` runs it
 * beside Lighthouse, whose score moves with the machine's load from run to run: these medians move less, and say
 * which task is long.
 */

import { PHONE } from "@shop/e2e/browser";
import type { Browser } from "playwright-core";
import { median } from "./page-figures.ts";

export interface MainThreadFigures {
  /** The median over the loads of the longest task after the first contentful paint. */
  longestMs: number;
  /** The median over the loads of the time tasks after the first contentful paint spent over 50 ms. */
  blockingMs: number;
  /** The median over the loads of the main thread's busy time after the first contentful paint. */
  busyMs: number;
  /** Elements in the page once the app has taken it over. */
  elements: number;
  loads: number;
}

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** After the network has gone quiet, how long the trace goes on: the app's last tasks come after its last request. */
const SETTLE_MS = 2000;

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
}

/** The main thread's tasks after the first contentful paint, from a load's trace events. */
export function tasksAfterFirstPaint(
  events: readonly TraceEvent[],
  url: string,
): Pick<MainThreadFigures, "longestMs" | "blockingMs" | "busyMs"> {
  // The renderer's main thread: the one that ran the most tasks' time.
  const busyByThread = new Map<number, number>();
  for (const e of events) {
    if (e.name === "RunTask" && e.dur) busyByThread.set(e.tid, (busyByThread.get(e.tid) ?? 0) + e.dur);
  }
  const main = [...busyByThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const paint = events.find((e) => e.name === "firstContentfulPaint")?.ts;
  if (main === undefined || paint === undefined)
    throw new Error(`no main thread or first paint in the trace of ${url}`);
  // Trace times are in microseconds.
  const tasks = events
    .filter((e) => e.name === "RunTask" && e.tid === main && e.ts >= paint && typeof e.dur === "number")
    .map((e) => e.dur! / 1000);
  return {
    longestMs: Math.max(0, ...tasks),
    blockingMs: tasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
    busyMs: tasks.reduce((sum, ms) => sum + ms, 0),
  };
}

async function tracedLoad(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", {
      categories: "toplevel,devtools.timeline,disabled-by-default-devtools.timeline,loading",
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(SETTLE_MS);
    const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
    await cdp.send("Tracing.end");
    await complete;

    return { ...tasksAfterFirstPaint(events, url), elements };
  } finally {
    await context.close();
  }
}

/** Loads `url` `loads` times and returns the medians. */
export async function mainThreadFigures(
  browser: Browser,
  url: string,
  loads: number,
): Promise<MainThreadFigures> {
  const runs = [];
  for (let i = 0; i < loads; i++) runs.push(await tracedLoad(browser, url));
  return {
    longestMs: median(runs.map((r) => r.longestMs)),
    blockingMs: median(runs.map((r) => r.blockingMs)),
    busyMs: median(runs.map((r) => r.busyMs)),
    elements: median(runs.map((r) => r.elements)),
    loads,
  };
}
