import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CompareCompany } from "@/lib/compare/model";
import type { PeerRow } from "@/lib/profile/peer-rows";
import { PeerGraph } from "./peer-graph";

// Only what the graph reads of the focus company.
const focus = {
  companyKey: "NYSE_SELF",
  name: "Self Corp",
  ticker: "SELF",
  hasLogo: false,
} as CompareCompany;
const peer = (companyKey: string, onPlan: boolean | null): PeerRow => ({
  companyKey,
  name: `${companyKey} Inc.`,
  ticker: companyKey.slice(5),
  exchangeCode: "NYSE",
  relationship: "direct_competitor",
  segment: null,
  reasoning: null,
  marketCapUsd: null,
  hqCode: null,
  hqName: null,
  sector: null,
  hasLogo: false,
  onPlan,
});

describe("PeerGraph", () => {
  it("names a peer this server's plan does not cover as such, and no other", () => {
    const html = renderToStaticMarkup(
      createElement(PeerGraph, {
        focus,
        peers: [peer("NYSE_OFF", false), peer("NYSE_ONN", true), peer("NYSE_UNK", null)],
        inSet: () => false,
        onToggle: () => {},
      }),
    );
    expect(html.match(/not on this server&#x27;s plan/g)).toHaveLength(1);
    expect(html).toMatch(/NYSE_OFF Inc\., Direct competitor, not on this server&#x27;s plan/);
    // Rendered on the server, before any script runs: the nodes cannot be pressed yet.
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(3);
  });
});
