"use client";

import { useState } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { ProfileLink } from "@/components/ui/company-line";
import { CompanyLogo } from "@/components/ui/company-logo";
import { CountryFlag } from "@/components/ui/country-flag";
import { DataLink } from "@/components/ui/data-link";
import { MarketCap } from "@/components/ui/market-cap";
import { ColumnHeaders, SCROLL_BOX, ScrollTable } from "@/components/ui/scroll-region";
import { Segmented } from "@/components/ui/segmented";
import { UpstreamText } from "@/components/ui/upstream-text";
import { compareHref } from "@/lib/compare/search-params";
import { MAX_COMPARE } from "@/lib/compare/set";
import { plainText } from "@/lib/format";
import type { PeerRow } from "@/lib/profile/peer-rows";
import { entryOf, labelOf, PEER_RELATIONSHIP_LABELS } from "@/lib/upstream/vocabulary";

const RELATIONSHIP_TONES: Record<string, Tone> = {
  direct_competitor: "bad",
  business_model_peer: "info",
  industry_peer: "neutral",
};

/** A peer's relationship (direct competitor, business-model or industry peer), labelled and toned. */
function RelationshipBadge({ relationship }: { relationship: string }) {
  return (
    <Badge tone={entryOf(RELATIONSHIP_TONES, relationship) ?? "neutral"}>
      {labelOf(PEER_RELATIONSHIP_LABELS, relationship)}
    </Badge>
  );
}

const TH = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide";
/** A fact's cell: a column on wide screens, a word on the line under the reason on a phone. */
const TD = "px-3 py-3 max-md:p-0 max-md:text-xs max-md:text-slate-600 dark:max-md:text-slate-300";
/** Below 48rem the table is blocks (its header read, not shown); each row lays itself out. */
const NARROW = "max-md:[&_table]:block max-md:[&_tbody]:block max-md:[&_thead]:sr-only";

/** Every peer, closest first as the API orders them, filterable by relationship kind. */
export function PeersTable({
  companyKey,
  companyName,
  peers,
}: {
  companyKey: string;
  companyName: string;
  peers: PeerRow[];
}) {
  const [kind, setKind] = useState<string>("all");
  if (peers.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">The API lists no peers for this company.</p>
    );
  const kinds = [...new Set(peers.map((p) => p.relationship))];
  const shown = kind === "all" ? peers : peers.filter((p) => p.relationship === kind);
  const options = [
    { value: "all", label: "All", count: peers.length },
    ...kinds.map((k) => ({
      value: k,
      label: labelOf(PEER_RELATIONSHIP_LABELS, k),
      count: peers.filter((p) => p.relationship === k).length,
    })),
  ];
  // A peer the API lists twice (for two business segments) is compared once, and never the company
  // itself; nor one this server's plan does not cover (a comparison would only say so).
  const offPlan = new Set(shown.filter((p) => p.onPlan === false).map((p) => p.companyKey));
  const closest = [...new Set(shown.map((p) => p.companyKey))]
    .filter((key) => key !== companyKey && !offPlan.has(key))
    .slice(0, MAX_COMPARE - 1);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented
          name="peer-relationship"
          label="Show peers by relationship"
          value={kind}
          options={options}
          onChange={setKind}
        />
        {closest.length > 0 && (
          <DataLink
            href={compareHref([companyKey, ...closest])}
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            Compare with {closest.length === 1 ? "this peer" : `these ${closest.length} closest peers`}
          </DataLink>
        )}
        {offPlan.size > 0 && (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {offPlan.size === 1 ? "One peer is" : `${offPlan.size} peers are`} not on this server&apos;s plan
            {closest.length > 0 ? ", so not compared" : ""}.
          </p>
        )}
      </div>
      <ScrollTable
        label="Peers"
        // Below 48rem a row is a flex line that wraps: the rank, the peer and why, then its facts on
        // a line below them. So its parts say their roles.
        roles
        className={`${SCROLL_BOX} ${NARROW}`}
        caption={
          <>
            Peers of <UpstreamText>{companyName}</UpstreamText>, closest first
            {kind === "all" ? "" : `, ${labelOf(PEER_RELATIONSHIP_LABELS, kind)} only`}
          </>
        }
      >
        <thead role="rowgroup" className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr role="row">
            <th scope="col" role="columnheader" className={TH}>
              <span className="sr-only">Rank</span>#
            </th>
            <ColumnHeaders
              labels={["Peer and why", "Relationship", "Segment", "Market cap", "HQ", "Industry"]}
              className={(label) => (label === "Market cap" ? `${TH} text-right` : TH)}
              roles
            />
            <th scope="col" role="columnheader" className={TH}>
              <span className="sr-only">Compare</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {shown.map((peer) => (
            // Keyed by its rank in the API's list too: a peer may be listed twice (two segments).
            <tr
              key={`${peer.companyKey}:${peers.indexOf(peer)}`}
              role="row"
              className="border-t border-slate-100 align-top max-md:relative max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:gap-y-1.5 max-md:pb-3 max-md:pr-3 max-md:pl-10 dark:border-slate-800"
            >
              <td
                role="cell"
                className="py-3 pl-3 pr-1 tabular-nums text-slate-500 max-md:absolute max-md:top-0 max-md:left-0 dark:text-slate-400"
              >
                {peers.indexOf(peer) + 1}
              </td>
              <th
                scope="row"
                role="rowheader"
                className="min-w-52 max-w-xl px-3 py-3 text-left font-normal max-md:w-full max-md:min-w-0 max-md:max-w-none max-md:px-0 max-md:pb-0 md:min-w-72"
              >
                <div className="flex items-center gap-2">
                  <CompanyLogo
                    companyKey={peer.companyKey}
                    name={peer.name}
                    hasLogo={peer.hasLogo}
                    size={28}
                  />
                  <span className="min-w-0">
                    <ProfileLink
                      companyKey={peer.companyKey}
                      name={peer.name}
                      tone="brand"
                      className="font-medium"
                    />
                    <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">
                      <UpstreamText>{peer.exchangeCode}</UpstreamText>:{" "}
                      <UpstreamText>{peer.ticker}</UpstreamText>
                      {peer.onPlan === false && <span className="ml-2 font-sans">· not on this plan</span>}
                    </span>
                  </span>
                </div>
                {peer.reasoning && (
                  <p className="mt-2 text-sm leading-snug text-slate-700 dark:text-slate-300">
                    <UpstreamText>{peer.reasoning}</UpstreamText>
                  </p>
                )}
              </th>
              {/* On a phone the facts are a line under the reason (the row indents both past the
                  rank). A cell with nothing to say there, and the industry, for which the line has no
                  room, are left to screen readers: hidden, they would shift the cells after them
                  under the wrong column headers. */}
              <td role="cell" className={TD}>
                <RelationshipBadge relationship={peer.relationship} />
              </td>
              <td
                role="cell"
                className={`${TD} min-w-32 max-md:min-w-0 ${peer.segment ? "" : "max-md:sr-only"}`}
              >
                {peer.segment ? (
                  <UpstreamText>{peer.segment}</UpstreamText>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">Whole company</span>
                )}
              </td>
              <td role="cell" className={`${TD} whitespace-nowrap text-right`}>
                <MarketCap value={peer.marketCapUsd} />
              </td>
              <td
                role="cell"
                className={`${TD} md:whitespace-nowrap ${peer.hqCode || peer.hqName ? "" : "max-md:sr-only"}`}
              >
                {peer.hqCode || peer.hqName ? (
                  <>
                    <CountryFlag code={peer.hqCode} className="mr-1.5" />
                    <UpstreamText>{peer.hqName ?? peer.hqCode}</UpstreamText>
                  </>
                ) : (
                  "—"
                )}
              </td>
              {/* A floor for the width: upstream text may wrap anywhere, so the table would squeeze
                    "Machinery" to "Machiner / y". */}
              <td role="cell" className={`${TD} min-w-32 max-md:sr-only`}>
                {peer.industry ? <UpstreamText>{peer.industry}</UpstreamText> : "—"}
              </td>
              <td role="cell" className={`${TD} max-md:mt-1 max-md:basis-full`}>
                <CompareLink companyKey={companyKey} companyName={companyName} peer={peer} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}

/** The link to compare the company with one of its peers. */
function CompareLink({
  companyKey,
  companyName,
  peer,
}: {
  companyKey: string;
  companyName: string;
  peer: PeerRow;
}) {
  return (
    <DataLink
      href={compareHref([companyKey, peer.companyKey])}
      aria-label={`Compare ${plainText(companyName)} with ${plainText(peer.name)}`}
      className="inline-block whitespace-nowrap rounded-md px-2.5 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50 dark:text-brand-100 dark:ring-slate-600 dark:hover:bg-slate-800"
    >
      Compare
    </DataLink>
  );
}
