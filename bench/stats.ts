export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export async function timeMany(
  runs: number,
  fn: () => Promise<unknown> | unknown,
): Promise<{ p50: number; p95: number; mean: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
  };
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export function table(rows: (string | number)[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? "").length))) ?? [];
  for (const row of rows) console.log(row.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join("  "));
}
