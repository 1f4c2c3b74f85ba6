/**
 * The pages benchmark's arithmetic (`bench/pages.ts`): latency percentiles of a first pass, what a drawn page's
 * markup holds, and the goals with their verdicts. No I/O.
 */
import { percentile } from "../api/stats.ts";

/** The goals each page kind is held to, on each engine. KB are 1,000 bytes. */
export const GOALS = {
  /** Under load (50 connections), after the first pass. */
  loadP99Ms: 100,
  /** Pages per second as a share of `GET /api/health`'s requests per second, in percent. */
  shareOfHealth: 25,
  /** Each distinct page and currency once, 4 at a time. */
  firstPassP99Ms: 250,
  /** Uncompressed HTML. */
  htmlBytes: { home: 100_000, shop: 100_000, product: 60_000 },
} as const;

export type PageKind = keyof typeof GOALS.htmlBytes;

export { percentile };

export const median = (values: readonly number[]) => percentile(values, 50);

export interface LatencySummary {
  count: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
}

export function summarize(latencies: readonly number[]): LatencySummary {
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? Math.max(...latencies) : Number.NaN,
  };
}

/** Elements that have no end tag. */
const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
/** Elements whose content is text, not markup. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

/** A start tag, an end tag or a comment; attribute values may hold ">" when quoted. */
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;

export interface RootMarkup {
  /** Elements inside `<div id="root">` (the root itself not counted). */
  elements: number;
  /** `<svg>` elements among them. */
  svgs: number;
  /** Characters between the root's start and end tags. */
  length: number;
}

/**
 * Counts the elements the server drew inside `#root`, by their tags: the root's start tag, then every start tag
 * until the end tag that closes it (void elements and `<x/>` open nothing; script and style text is skipped).
 * Null when the page has no `#root`.
 */
export function rootMarkup(html: string): RootMarkup | null {
  const root = /<div\b(?:"[^"]*"|'[^']*'|[^'">])*\bid=["']?root["']?(?:"[^"]*"|'[^']*'|[^'">])*>/i.exec(html);
  if (!root) return null;
  const from = root.index + root[0].length;
  const tag = new RegExp(TAG.source, "g");
  tag.lastIndex = from;
  let depth = 1;
  let elements = 0;
  let svgs = 0;
  let until = html.length;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [whole, closing, rawName, attributes] = match;
    if (whole.startsWith("<!--")) continue;
    const name = rawName!.toLowerCase();
    if (closing) {
      depth--;
      if (depth === 0) {
        until = match.index;
        break;
      }
      continue;
    }
    elements++;
    if (name === "svg") svgs++;
    if (VOID_ELEMENTS.has(name) || attributes!.trimEnd().endsWith("/")) continue;
    depth++;
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, tag.lastIndex);
      tag.lastIndex = end < 0 ? html.length : end;
    }
  }
  return { elements, svgs, length: until - from };
}

export interface Verdict {
  goal: string;
  met: boolean;
  /** The figure that decides it, e.g. "p99 85 ms". */
  measured: string;
}

/** The goals of one page kind on one engine, from its figures. */
export function verdictsOf(input: {
  kind: PageKind;
  firstPassP99: number;
  firstPassErrors: number;
  loadP99: number;
  loadFailed: number;
  pagesPerSecond: number;
  healthPerSecond: number;
  htmlBytes: number;
}): Verdict[] {
  const share = (input.pagesPerSecond / input.healthPerSecond) * 100;
  const htmlGoal = GOALS.htmlBytes[input.kind];
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : "none (no answer)");
  return [
    {
      goal: `under load p99 ≤ ${GOALS.loadP99Ms} ms`,
      met: input.loadP99 <= GOALS.loadP99Ms,
      measured: `p99 ${ms(input.loadP99)}`,
    },
    {
      goal: `under load ≥ ${GOALS.shareOfHealth}% of health`,
      met: share >= GOALS.shareOfHealth,
      measured: `${Number.isFinite(share) ? share.toFixed(1) : "?"}%`,
    },
    {
      goal: "no errors",
      met: input.loadFailed === 0 && input.firstPassErrors === 0,
      measured: `${input.loadFailed} under load, ${input.firstPassErrors} in the first pass`,
    },
    {
      goal: `first pass p99 ≤ ${GOALS.firstPassP99Ms} ms`,
      met: input.firstPassP99 <= GOALS.firstPassP99Ms,
      measured: `p99 ${ms(input.firstPassP99)}`,
    },
    {
      goal: `HTML ≤ ${htmlGoal / 1000} KB`,
      met: input.htmlBytes <= htmlGoal,
      measured: `${(input.htmlBytes / 1000).toFixed(1)} KB`,
    },
  ];
}
