// Contract rules for single-company lookups, the v3 profile, peers and the logo.
import { describe, expect, it } from "vitest";
import type { CompanyRec } from "@/lib/sandbox/universe";
import { getUniverse } from "@/lib/sandbox/universe";
import type { CompanyLookup } from "@/lib/upstream/client";
import { errorMessage, findCompany, setupSandbox } from "./fixtures";

const sandbox = setupSandbox();
const US = new Set(["NYSE", "NYSEAM", "NYSEARCA", "NASDAQ"]);

async function resolvesTo(lookup: CompanyLookup, company: CompanyRec) {
  const profile = await sandbox.client().getProfile(lookup);
  expect(profile.companyKey).toBe(company.companyKey);
  expect(profile.companyFiscalIdentifier).toBe(company.fiscalId);
}

const withSecondaries = () =>
  findCompany(
    (c) =>
      c.listings.length >= 3 &&
      c.listings.some((l) => l.security.type === "depositary_receipt") &&
      !US.has(c.listings[0]?.exchange.code ?? ""),
    "has several listings and a depositary receipt",
  );

describe("single-company lookup parameters", () => {
  it("a US ticker alone resolves", async () => {
    const c = findCompany((x) => US.has(x.listings[0]?.exchange.code ?? ""), "is US-listed");
    await resolvesTo({ ticker: c.listings[0]?.ticker }, c);
  });

  it("a ticker with micCode resolves, by operating or segment MIC", async () => {
    const c = findCompany((x) => x.listings[0]?.exchange.code === "XLON", "is London-listed");
    const l = c.listings[0];
    await resolvesTo({ ticker: l?.ticker, micCode: l?.exchange.operatingMic }, c);
    await resolvesTo({ ticker: l?.ticker, micCode: l?.segment.mic }, c);
  });

  it("a ticker with exchange resolves", async () => {
    const c = findCompany((x) => x.listings[0]?.exchange.code === "TSX", "is TSX-listed");
    await resolvesTo({ ticker: c.listings[0]?.ticker, exchange: "TSX" }, c);
  });

  it("a non-US ticker alone does not resolve", async () => {
    const c = findCompany((x) => x.listings[0]?.exchange.code === "XJPX", "is Tokyo-listed");
    await expect(sandbox.client().getProfile({ ticker: c.listings[0]?.ticker })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("companyKey resolves", async () => {
    const c = getUniverse().enabled[123] as CompanyRec;
    await resolvesTo({ companyKey: c.companyKey }, c);
  });

  it("cusip and isin resolve with a CUSIP/ISIN license", async () => {
    const c = findCompany((x) => x.listings[0]?.security.cusip !== undefined, "has a CUSIP");
    await resolvesTo({ cusip: c.listings[0]?.security.cusip }, c);
    await resolvesTo({ isin: c.listings[0]?.security.isin }, c);
  });

  it("cusip and isin lookups are refused without a license", async () => {
    const c = findCompany((x) => x.listings[0]?.security.cusip !== undefined, "has a CUSIP");
    for (const lookup of [{ isin: c.listings[0]?.security.isin }, { cusip: c.listings[0]?.security.cusip }]) {
      await expect(sandbox.client("demo-pro").getProfile(lookup)).rejects.toMatchObject({
        code: "forbidden",
      });
    }
  });

  it("venue, composite and share-class FIGIs all resolve", async () => {
    const c = withSecondaries();
    for (const l of c.listings) {
      await resolvesTo({ figi: l.figi }, c);
      await resolvesTo({ figi: l.figiComposite }, c);
      await resolvesTo({ figi: l.security.figiShareClass }, c);
    }
  });

  it("cik resolves with or without leading zeros", async () => {
    const c = findCompany((x) => x.cik !== undefined, "has a CIK");
    await resolvesTo({ cik: c.cik }, c);
    await resolvesTo({ cik: String(Number(c.cik)) }, c);
  });

  it("fscl resolves by companyFiscalIdentifier", async () => {
    const c = getUniverse().enabled[77] as CompanyRec;
    await resolvesTo({ fscl: c.fiscalId }, c);
  });

  it("a mistyped fscl fails validation and never resolves to another company", async () => {
    const c = getUniverse().enabled[77] as CompanyRec;
    const last = c.fiscalId.at(-2) === "A" ? "B" : "A";
    const typo = `${c.fiscalId.slice(0, -2)}${last}${c.fiscalId.at(-1)}`;
    const response = await sandbox.get("/v3/company/profile", { fscl: typo }, "demo-pro");
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toContain("fscl");
  });

  it("no usable identification is 400 stating required parameters are missing", async () => {
    const cases: Record<string, string>[] = [
      {},
      { micCode: "XLON" },
      { exchange: "NYSE" },
      { variant: "icon" },
    ];
    for (const params of cases) {
      const response = await sandbox.get("/v3/company/profile", params, "demo-pro");
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toMatch(/required parameters are missing/i);
    }
  });

  it("an unknown company is 404 stating not found", async () => {
    const response = await sandbox.get("/v3/company/profile", { companyKey: "NASDAQ_ZZZZZZ" }, "demo-pro");
    expect(response.status).toBe(404);
    expect(await errorMessage(response)).toMatch(/not found/i);
  });
});

describe("canonical resolution", () => {
  it("a secondary-listing key resolves to the canonical company", async () => {
    const c = withSecondaries();
    for (const l of c.listings.slice(1)) await resolvesTo({ companyKey: l.key }, c);
  });

  it("a former ticker resolves to the canonical company", async () => {
    const c = findCompany((x) => x.formerKey !== undefined, "has a former ticker");
    await resolvesTo({ companyKey: c.formerKey }, c);
    await resolvesTo({ ticker: c.formerTicker, exchange: c.listings[0]?.exchange.code }, c);
  });

  it("a predecessor CIK resolves to the canonical company", async () => {
    const c = findCompany((x) => x.predecessorCik !== undefined, "has a predecessor CIK");
    await resolvesTo({ cik: c.predecessorCik }, c);
  });
});

describe("GET /v3/company/profile", () => {
  it("has every listing: primaryListing plus secondaryListings in the same shape", async () => {
    const c = withSecondaries();
    const profile = await sandbox.client().getProfile({ companyKey: c.companyKey });
    expect(profile.secondaryListings).toHaveLength(c.listings.length - 1);
    const dr = [profile.primaryListing, ...profile.secondaryListings].find(
      (l) => l?.securityType === "depositary_receipt",
    );
    expect(dr?.securityFiscalIdentifier).not.toBe(profile.primaryListing?.securityFiscalIdentifier);
    // Same shape: the same fields, except the licensed isin/cusip, present only where they exist.
    const shape = (l: object) =>
      Object.keys(l)
        .filter((k) => k !== "isin" && k !== "cusip")
        .sort();
    for (const l of profile.secondaryListings) expect(shape(l)).toEqual(shape(profile.primaryListing ?? {}));
  });

  it("carries the profile-only fields", async () => {
    const c = getUniverse().enabled[5] as CompanyRec;
    const profile = await sandbox.client().getProfile({ companyKey: c.companyKey });
    expect(profile.descriptionShort?.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(3);
    const words = profile.descriptionLong?.split(/\s+/).length ?? 0;
    expect(words).toBeGreaterThanOrEqual(150);
    expect(words).toBeLessThanOrEqual(400);
    expect(profile.chiefExecutiveOfficer).toMatch(/\S+ \S+/);
    expect(profile.foundingYear).toBeGreaterThan(1800);
    expect(Array.isArray(profile.financialPeriodsAvailable)).toBe(true);
  });

  it("lists 3 to 12 peers, closest first, each itself a fetchable company with a reason", async () => {
    const c = getUniverse().enabled[40] as CompanyRec;
    const profile = await sandbox.client().getProfile({ companyKey: c.companyKey });
    expect(profile.peers.length).toBeGreaterThanOrEqual(3);
    expect(profile.peers.length).toBeLessThanOrEqual(12);
    for (const peer of profile.peers) {
      expect(peer.peerReasoning?.length).toBeGreaterThan(20);
      const fetched = await sandbox.client().getProfile({ companyKey: peer.companyKey });
      expect(fetched.companyId).toBe(peer.companyId);
      expect(Object.keys(peer.primaryListing)).not.toContain("segmentMic");
    }
  });

  it("peers use all three relationship kinds, and peerMarketSegment is a string or null", async () => {
    const kinds = new Set<string>();
    for (const c of getUniverse().enabled.slice(0, 25)) {
      const profile = await sandbox.client().getProfile({ companyKey: c.companyKey });
      for (const peer of profile.peers) {
        kinds.add(peer.peerRelationship);
        expect(peer.peerMarketSegment === null || typeof peer.peerMarketSegment === "string").toBe(true);
      }
    }
    expect([...kinds].sort()).toEqual(["business_model_peer", "direct_competitor", "industry_peer"]);
  });

  it("free-trial keys get only the free-plan companies on single-company endpoints", async () => {
    const free = getUniverse().free[0] as CompanyRec;
    const notFree = getUniverse().enabled.find((c) => !c.freePlan) as CompanyRec;
    await expect(
      sandbox.client("demo-free").getProfile({ companyKey: free.companyKey }),
    ).resolves.toBeTruthy();
    await expect(
      sandbox.client("demo-free").getProfile({ companyKey: notFree.companyKey }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("a company outside the API-enabled set is fetchable on a paid plan with empty datasets", async () => {
    const outside = getUniverse().companies.find(
      (c) => !c.apiEnabled && c.datasets.length === 0,
    ) as CompanyRec;
    const profile = await sandbox.client("demo-pro").getProfile({ companyKey: outside.companyKey });
    expect(profile.availableDatasets).toEqual([]);
  });
});

describe("GET /v2/company/logo", () => {
  const withLogo = () => findCompany((c) => c.datasets.includes("logos"), "has logos");

  it("returns a PNG for each of the four variants, square for icon and tile", async () => {
    const c = withLogo();
    for (const variant of ["icon", "logo", "logo-dark", "tile"] as const) {
      const response = await sandbox.get(
        "/v2/company/logo",
        { companyKey: c.companyKey, variant },
        "demo-pro",
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe("PNG");
      const width = bytes.readUInt32BE(16);
      const height = bytes.readUInt32BE(20);
      if (variant === "icon" || variant === "tile") expect(width).toBe(height);
      else expect(width).toBeGreaterThan(height);
    }
  });

  it("defaults to the icon variant", async () => {
    const c = withLogo();
    const plain = await sandbox.get("/v2/company/logo", { companyKey: c.companyKey }, "demo-pro");
    const icon = await sandbox.get(
      "/v2/company/logo",
      { companyKey: c.companyKey, variant: "icon" },
      "demo-pro",
    );
    expect(Buffer.from(await plain.arrayBuffer()).equals(Buffer.from(await icon.arrayBuffer()))).toBe(true);
  });

  it("logos are distinct per company", async () => {
    const [a, b] = getUniverse().enabled.filter((c) => c.datasets.includes("logos"));
    const pixels = async (c: CompanyRec | undefined) => {
      const bytes = await sandbox.client().getLogo({ companyKey: c?.companyKey }, "tile");
      return Buffer.from(bytes);
    };
    const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
    expect(pa.equals(pb)).toBe(false);
  });

  it("an unknown variant is 400 naming variant", async () => {
    const response = await sandbox.get(
      "/v2/company/logo",
      { companyKey: withLogo().companyKey, variant: "huge" },
      "demo-pro",
    );
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toContain("variant");
  });

  it("a company without the logos dataset is 404", async () => {
    const c = findCompany((x) => !x.datasets.includes("logos"), "has no logos");
    const response = await sandbox.get("/v2/company/logo", { companyKey: c.companyKey }, "demo-pro");
    expect(response.status).toBe(404);
  });
});
