import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PeerRow } from "@/lib/profile/peer-rows";
import { peerRow as peer } from "@/tests/peer-rows";
import { PeersTable } from "./peers-table";

const render = (peers: PeerRow[]) =>
  renderToStaticMarkup(createElement(PeersTable, { companyKey: "NYSE_SELF", companyName: "Self", peers }));

describe("PeersTable", () => {
  it("compares only the peers this server's plan covers, and marks the others", () => {
    const html = render([peer("NYSE_AAA", true), peer("NYSE_OFF", false), peer("NYSE_BBB", true)]);
    expect(html).toContain('href="/compare?companies=NYSE_SELF,NYSE_AAA,NYSE_BBB"');
    expect(html).toContain("Compare with these 2 closest peers");
    expect(html).toContain("One peer is not on this server&#x27;s plan, so not compared.");
    expect(html.match(/not on this plan/g)).toHaveLength(1);
  });

  it("compares every peer where the plan's cover is not known", () => {
    const html = render([peer("NYSE_AAA", null), peer("NYSE_BBB", null)]);
    expect(html).toContain('href="/compare?companies=NYSE_SELF,NYSE_AAA,NYSE_BBB"');
    expect(html).not.toContain("not on this");
  });
});
