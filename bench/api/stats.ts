/** Latency arithmetic shared by the benchmarks (`bench/api/load.ts`, `bench/web/page-figures.ts`). */

/** The value at percentile `p` (0–100) of the numbers, by the nearest-rank method; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
