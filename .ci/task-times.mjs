// Prints how long each task of the latest Turborepo run took (its run summary, written with --summarize or
// TURBO_RUN_SUMMARY=true to .turbo/runs/), in the order they started, and the run's wall time.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const dir = join(process.argv[2] ?? ".", ".turbo/runs");
let files = [];
try {
  files = readdirSync(dir).filter((name) => name.endsWith(".json"));
} catch {
  // no summary: nothing to print
}
if (files.length === 0) {
  console.log(`no run summary in ${dir}`);
  process.exit(0);
}
const latest = files
  .map((name) => join(dir, name))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const run = JSON.parse(readFileSync(latest, "utf8"));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const start = run.execution.startTime;
const rows = run.tasks
  .filter((task) => task.execution)
  .sort((a, b) => a.execution.startTime - b.execution.startTime)
  .map((task) => [
    task.taskId,
    seconds(task.execution.endTime - task.execution.startTime),
    `+${seconds(task.execution.startTime - start)}`,
    task.cache?.status === "HIT"
      ? "cached"
      : task.execution.exitCode === 0
        ? "ok"
        : `exit ${task.execution.exitCode}`,
  ]);
const header = ["task", "took", "started", ""];
const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
const line = (row) =>
  row
    .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
    .join("  ")
    .trimEnd();
console.log(`== time per task (${run.execution.command})`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(`wall time: ${seconds(run.execution.endTime - start)}`);
