import { formatMarketCap, formatUsdExact } from "@/lib/format";

/** Market cap compactly, the exact figure on hover; "n/a" (explained) when the API has none. */
export function MarketCap({ value }: { value: number | null | undefined }) {
  const compact = formatMarketCap(value);
  if (compact === null)
    return (
      <span className="text-slate-500 dark:text-slate-400" title="Market cap not available">
        n/a
      </span>
    );
  return (
    <span className="tabular-nums" title={formatUsdExact(value) ?? undefined}>
      {compact}
    </span>
  );
}
