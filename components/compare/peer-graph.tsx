"use client";

import { useId, useMemo, useState } from "react";
import { CompanyLogo } from "@/components/ui/company-logo";
import { MarketCap } from "@/components/ui/market-cap";
import { UpstreamText } from "@/components/ui/upstream-text";
import { useHydrated } from "@/lib/client/hydrated";
import type { CompareCompany } from "@/lib/compare/model";
import { EXTENT, layoutPeers, RING_ORDER, ringOf, ringRadius } from "@/lib/compare/peer-layout";
import { shortName } from "@/lib/compare/set-charts";
import { formatUsdExact, plainText } from "@/lib/format";
import type { PeerRow } from "@/lib/profile/peer-rows";
import { labelOf, PEER_RELATIONSHIP_LABELS } from "@/lib/upstream/vocabulary";
import { ChartFrame, DataTable } from "./chart-frame";

/** Colours per ring: the spoke, the node's outline, and the node when it is in the comparison. */
const KIND_STYLES = [
  { line: "stroke-rose-500", node: "ring-rose-500", on: "bg-rose-600 text-white", swatch: "bg-rose-500" },
  { line: "stroke-sky-500", node: "ring-sky-500", on: "bg-sky-700 text-white", swatch: "bg-sky-500" },
  { line: "stroke-amber-500", node: "ring-amber-500", on: "bg-amber-700 text-white", swatch: "bg-amber-500" },
] as const;

const pct = (v: number) => `${((v + EXTENT) / (2 * EXTENT)) * 100}%`;

/**
 * The focus company's peers as a graph: the focus in the middle, one ring per relationship kind
 * (direct competitors innermost), closest first clockwise from the top. Hovering or focusing a
 * peer shows why it is a peer; pressing it adds it to the comparison or takes it out.
 */
export function PeerGraph({
  focus,
  peers,
  inSet,
  onToggle,
}: {
  focus: CompareCompany;
  peers: readonly PeerRow[];
  inSet: (companyKey: string) => boolean;
  onToggle: (peer: PeerRow) => void;
}) {
  const id = useId();
  const [active, setActive] = useState<string | null>(null);
  // Laid out once per set of peers, not again on every hover.
  const placed = useMemo(() => layoutPeers(peers), [peers]);
  const focusName = plainText(focus.name);
  const kinds = RING_ORDER.filter((k) => peers.some((p) => ringOf(p.relationship) === ringOf(k)));
  const counts = kinds.map((k) => {
    const n = peers.filter((p) => ringOf(p.relationship) === ringOf(k)).length;
    return `${n} ${labelOf(PEER_RELATIONSHIP_LABELS, k).toLowerCase()}${n === 1 ? "" : "s"}`;
  });
  const offPlan = peers.filter((p) => p.onPlan === false).length;
  const offPlanText =
    offPlan === 0
      ? ""
      : offPlan < peers.length
        ? ` ${offPlan} ${offPlan === 1 ? "is" : "are"} not on this server's plan.`
        : offPlan === 1
          ? " It is not on this server's plan."
          : " None is on this server's plan.";
  // Without a script a peer cannot be pressed: its node is disabled and the hint is not shown.
  const hydrated = useHydrated();
  const summary =
    peers.length === 0 ? (
      `The API lists no peers for ${focusName}.`
    ) : (
      <>
        {`${focusName} has ${peers.length} peer${peers.length === 1 ? "" : "s"}: ${counts.join(", ")}.${offPlanText}`}
        <span data-needs-js=""> Press a peer to add it to the comparison or take it out.</span>
      </>
    );
  const activePeer = placed.find((p) => p.item.companyKey === active);

  return (
    <ChartFrame
      title={`Peers of ${focusName}`}
      summary={summary}
      tableLabel="Show the peers as a table"
      table={
        <DataTable
          caption={`Peers of ${focusName}, closest first`}
          head={["#", "Peer", "Relationship", "Segment", "Why", "Market cap"]}
          rows={peers.map((p, i) => ({
            key: p.companyKey,
            cells: [
              i + 1,
              <span key="name">
                <UpstreamText>{p.name}</UpstreamText> (<UpstreamText>{p.ticker}</UpstreamText>)
                {p.onPlan === false && ", not on this server's plan"}
              </span>,
              labelOf(PEER_RELATIONSHIP_LABELS, p.relationship),
              <UpstreamText key="segment">{p.segment ?? "—"}</UpstreamText>,
              <UpstreamText key="why">{p.reasoning ?? "—"}</UpstreamText>,
              <MarketCap key="cap" value={p.marketCapUsd} />,
            ],
          }))}
        />
      }
    >
      {peers.length > 0 && (
        <>
          <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
            {kinds.map((k) => (
              <li key={k} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${KIND_STYLES[ringOf(k)]?.swatch}`}
                />
                {labelOf(PEER_RELATIONSHIP_LABELS, k)}
                {ringOf(k) === 0 ? " (inner ring)" : ringOf(k) === 2 ? " (outer ring)" : " (middle ring)"}
              </li>
            ))}
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-700 dark:bg-slate-200" />
              Filled: in this comparison
            </li>
            {offPlan > 0 && (
              <li className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full outline-1 outline-offset-1 outline-slate-600 outline-dashed dark:outline-slate-300"
                />
                Dashed outline: not on this server's plan
              </li>
            )}
          </ul>
          {/* A container: below 32rem (a phone, a laptop's column) the nodes show their tickers only, or they would overlap. */}
          <div className="@container relative mx-auto aspect-square w-full max-w-[34rem]">
            <svg
              aria-hidden="true"
              viewBox={`${-EXTENT} ${-EXTENT} ${2 * EXTENT} ${2 * EXTENT}`}
              className="absolute inset-0 size-full"
            >
              {kinds.map((k) => (
                <circle
                  key={k}
                  r={ringRadius(ringOf(k))}
                  fill="none"
                  strokeDasharray="4 4"
                  vectorEffect="non-scaling-stroke"
                  className="stroke-slate-300 dark:stroke-slate-700"
                />
              ))}
              {placed.map((p) => (
                <line
                  key={p.item.companyKey}
                  x2={p.x}
                  y2={p.y}
                  vectorEffect="non-scaling-stroke"
                  strokeWidth={p.item.companyKey === active ? 3 : 1.5}
                  strokeOpacity={active && p.item.companyKey !== active ? 0.35 : 0.9}
                  className={KIND_STYLES[p.ring]?.line}
                />
              ))}
            </svg>
            <div
              className="absolute flex -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-1 rounded-lg bg-white px-2 py-1.5 text-center shadow ring-2 ring-brand-600 dark:bg-slate-900 dark:ring-sky-400"
              style={{ left: "50%", top: "50%" }}
            >
              {/* Below 32rem the box is the ticker alone, as the peers are: with its logo it crowded the inner ring. */}
              <span className="hidden @[32rem]:block">
                <CompanyLogo
                  companyKey={focus.companyKey}
                  name={focus.name}
                  hasLogo={focus.hasLogo}
                  size={28}
                />
              </span>
              <UpstreamText className="font-mono text-xs font-semibold">
                {focus.ticker ?? focus.companyKey}
              </UpstreamText>
            </div>
            {placed.map((p) => {
              const on = inSet(p.item.companyKey);
              const style = KIND_STYLES[p.ring];
              return (
                <button
                  key={p.item.companyKey}
                  type="button"
                  aria-pressed={on}
                  disabled={!hydrated}
                  aria-describedby={active === p.item.companyKey ? `${id}-tip` : undefined}
                  data-peer={p.item.companyKey}
                  onClick={() => onToggle(p.item)}
                  onMouseEnter={() => setActive(p.item.companyKey)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(p.item.companyKey)}
                  onBlur={() => setActive(null)}
                  onKeyDown={(e) => e.key === "Escape" && setActive(null)}
                  className={`absolute flex max-w-28 -translate-x-1/2 -translate-y-1/2 flex-col items-center rounded-md px-1.5 py-0.5 leading-tight ring-2 ${style?.node} ${on ? style?.on : "bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100"} ${p.item.onPlan === false ? "outline-1 outline-offset-2 outline-slate-600 outline-dashed dark:outline-slate-300" : ""} hover:z-10 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`}
                  style={{ left: pct(p.x), top: pct(p.y) }}
                >
                  <span className="block max-w-full truncate font-mono text-[11px] font-semibold">
                    <UpstreamText>{p.item.ticker}</UpstreamText>
                  </span>
                  <span
                    data-peer-name
                    className="hidden max-w-full truncate text-[10px] font-normal @[32rem]:block"
                  >
                    <UpstreamText>{shortName(p.item.name)}</UpstreamText>
                  </span>
                  {/* The name read out starts with what is seen (the ticker, and the short name where it shows), then says the rest. */}
                  <span className="sr-only">
                    {plainText(`: ${p.item.name}, ${labelOf(PEER_RELATIONSHIP_LABELS, p.item.relationship)}`)}
                    {p.item.onPlan === false && ", not on this server's plan"}
                  </span>
                </button>
              );
            })}
            {activePeer && (
              <div
                id={`${id}-tip`}
                role="tooltip"
                className="pointer-events-none absolute z-20 w-64 max-w-[80%] -translate-x-1/2 rounded-md border border-slate-200 bg-white p-3 text-left text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900"
                style={{
                  left: `clamp(8rem, ${pct(activePeer.x)}, calc(100% - 8rem))`,
                  top: activePeer.y > 0 ? undefined : `calc(${pct(activePeer.y)} + 1.25rem)`,
                  bottom: activePeer.y > 0 ? `calc(${pct(-activePeer.y)} + 1.25rem)` : undefined,
                }}
              >
                <p className="text-sm font-semibold text-slate-900 dark:text-white">
                  <UpstreamText>{activePeer.item.name}</UpstreamText>
                </p>
                <p className="text-slate-600 dark:text-slate-300">
                  #{activePeer.rank} · {labelOf(PEER_RELATIONSHIP_LABELS, activePeer.item.relationship)}
                  {activePeer.item.segment && (
                    <>
                      {" · "}
                      <UpstreamText>{activePeer.item.segment}</UpstreamText>
                    </>
                  )}
                </p>
                {activePeer.item.reasoning && (
                  <p className="mt-1.5 text-slate-800 dark:text-slate-200">
                    <UpstreamText>{activePeer.item.reasoning}</UpstreamText>
                  </p>
                )}
                <p className="mt-1.5 text-slate-600 dark:text-slate-300">
                  Market cap {formatUsdExact(activePeer.item.marketCapUsd) ?? "not available"}
                  {" · "}
                  {inSet(activePeer.item.companyKey) ? "In this comparison" : "Not in this comparison"}
                  {activePeer.item.onPlan === false && " · Not on this server's plan"}
                </p>
              </div>
            )}
          </div>
        </>
      )}
    </ChartFrame>
  );
}
