/**
 * What every browser-side benchmark writes beside its figures (`bench/web.ts`, `bench/pages.ts`): the commit, the
 * machine, the load average, and its own section of docs/benchmarks.md between its markers.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "@shop/e2e/shop";

/** The commit the run measured, as Markdown: `abc1234`, plus a note when the work tree had changes. */
export function commit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    return `\`${sha}\`${dirty ? " (plus uncommitted work)" : ""}`;
  } catch {
    return "unknown";
  }
}

/**
 * "node-svc: AMD EPYC, 2 cores, 23.5 GB; Node v20.20.2": the kind of machine first, when BENCH_MACHINE names it (the
 * workplace's name for it; nothing on the machine says it), then what the machine says of itself.
 */
export function machine(): string {
  const cpu = cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  const kind = process.env.BENCH_MACHINE?.trim();
  return `${kind ? `${kind}: ` : ""}${cpu}, ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB; Node ${process.version}`;
}

/** The load average, 1 / 5 / 15 minutes. */
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

/** The share of the machine's CPU time left idle over `ms`. */
async function idleShare(ms: number): Promise<number> {
  const totals = () =>
    cpus().reduce(
      (sum, { times }) => {
        sum.idle += times.idle;
        sum.all += times.user + times.nice + times.sys + times.idle + times.irq;
        return sum;
      },
      { idle: 0, all: 0 },
    );
  const before = totals();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = totals();
  return after.all > before.all ? (after.idle - before.idle) / (after.all - before.all) : 1;
}

/** What counts as a quiet machine: most of its CPU idle over a second. */
export const QUIET = { idleShare: 0.8, overMs: 1000, limitMs: 60_000 };

/**
 * Waits until the machine is quiet (the shop's start done: its seeding, its render threads' first pages), or
 * QUIET.limitMs has passed; answers the seconds it took. Figures that a busy machine slows (a browser's main
 * thread in Lighthouse) are then the pages', not the start's.
 */
export async function quietMachine(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < QUIET.limitMs) {
    if ((await idleShare(QUIET.overMs)) >= QUIET.idleShare) break;
  }
  return (performance.now() - started) / 1000;
}

/**
 * Replaces a benchmark's section of the file (between `<!-- bench:{name} start -->` and its end marker), keeping
 * everything else as it is; a file without the section gets it at its end. The repository's formatter then
 * aligns the tables, as `pnpm lint` expects (files outside the repository stay as written).
 */
export function writeSection(file: string, name: string, section: string) {
  const start = `<!-- bench:${name} start -->`;
  const end = `<!-- bench:${name} end -->`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const block = `${start}\n${section}${end}\n`;
  const at = current.indexOf(start);
  const until = current.indexOf(end);
  const next =
    at >= 0 && until > at
      ? `${current.slice(0, at)}${block}${current.slice(until + end.length + 1)}`
      : `${current.trimEnd()}${current ? "\n\n" : ""}${block}`;
  writeFileSync(file, next);
  try {
    execFileSync(join(REPO_ROOT, "node_modules/.bin/biome"), ["format", "--write", file], {
      cwd: REPO_ROOT,
      stdio: "ignore",
    });
  } catch {
    console.warn(`${file} was written but not formatted: run pnpm format`);
  }
}
