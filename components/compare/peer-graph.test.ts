import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CompareCompany } from "@/lib/compare/model";
import { peerRow as peer } from "@/tests/peer-rows";
import { PeerGraph } from "./peer-graph";

// Only what the graph reads of the focus company.
const focus = {
  companyKey: "NYSE_SELF",
  name: "Self Corp",
  ticker: "SELF",
  hasLogo: false,
} as CompareCompany;

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
