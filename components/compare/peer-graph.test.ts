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
    // In its spoken name, in the table, and by a dashed outline the legend explains.
    expect(html).toMatch(/NYSE_OFF Inc\., Direct competitor, not on this server&#x27;s plan/);
    expect(html).toMatch(/>NYSE_OFF Inc\.<\/bdi> \(<bdi[^>]*>OFF<\/bdi>\), not on this server&#x27;s plan/);
    expect(html).toContain("Dashed outline: not on this server&#x27;s plan");
    expect(html).toContain("has 3 peers: 3 direct competitors. 1 is not on this server&#x27;s plan.");
    expect(html.match(/not on this server&#x27;s plan/g)).toHaveLength(4);
    const dashed = html.match(
      /<button[^>]*outline-dashed[^>]*data-peer="([^"]+)"|<button[^>]*data-peer="([^"]+)"[^>]*outline-dashed/g,
    );
    expect(dashed).toHaveLength(1);
    expect(dashed?.[0]).toContain('data-peer="NYSE_OFF"');
    // Rendered on the server, before any script runs: the nodes cannot be pressed yet.
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(3);
  });
});
