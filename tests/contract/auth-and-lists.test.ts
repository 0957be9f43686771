// Contract rules for authentication, the v3 and v2 company lists, and plans.
import { describe, expect, it } from "vitest";
import { isValidCusip, isValidFigi, isValidIsin } from "@/lib/identifiers";
import { getUniverse } from "@/lib/sandbox/universe";
import { UpstreamError } from "@/lib/upstream/errors";
import { errorMessage, findCompany, setupSandbox } from "./fixtures";

const sandbox = setupSandbox();

type Row = Record<string, unknown> & { primaryListing: Record<string, unknown> };
interface Page {
  pagination: Record<string, number | boolean>;
  data: Row[];
}

async function page(params: Record<string, string | number | boolean>, key = "demo-licensed"): Promise<Page> {
  const response = await sandbox.get("/v3/companies-list", params, key);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("authentication", () => {
  it("a missing API key is 403 with an errors body stating the key is invalid", async () => {
    const response = await sandbox.get("/v3/companies-list");
    expect(response.status).toBe(403);
    expect(await errorMessage(response)).toMatch(/key is invalid/i);
  });

  it("an invalid API key is 403", async () => {
    const response = await sandbox.get("/v3/companies-list", {}, "not-a-key");
    expect(response.status).toBe(403);
    await expect(sandbox.client("not-a-key").getCompaniesPage({})).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("the key is accepted as the X-Api-Key header", async () => {
    const result = await sandbox.client("demo-pro").getCompaniesPage({});
    expect(result.data.length).toBe(1000);
  });

  it("the key is accepted as the apiKey query parameter", async () => {
    const response = await sandbox.get("/v3/companies-list", { apiKey: "demo-pro" });
    expect(response.status).toBe(200);
  });

  it("every error is JSON with an errors array of messages", async () => {
    for (const [path, params] of [
      ["/v3/company/profile", {}],
      ["/v3/company/profile", { companyKey: "NOPE_NOPE" }],
      ["/v1/top-news", { importance: 9 }],
      ["/v9/unknown", {}],
    ] as const) {
      const response = await sandbox.get(path, params, "demo-pro");
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect((await errorMessage(response)).length).toBeGreaterThan(0);
    }
  });
});

describe("GET /v3/companies-list", () => {
  it("pages are a fixed 1000 rows and a pageSize parameter is ignored", async () => {
    const body = await page({ pageSize: 10 });
    expect(body.data).toHaveLength(1000);
    expect(body.pagination.pageSize).toBe(1000);
  });

  it("pageNumber is 1-indexed and defaults to 1", async () => {
    const first = await page({});
    const explicit = await page({ pageNumber: 1 });
    const second = await page({ pageNumber: 2 });
    expect(first.pagination.page).toBe(1);
    expect(first.data[0]?.companyKey).toBe(explicit.data[0]?.companyKey);
    expect(second.data[0]?.companyKey).not.toBe(first.data[0]?.companyKey);
    expect(second.pagination.hasPreviousPage).toBe(true);
  });

  it("the pagination envelope has all six fields", async () => {
    const { pagination } = await page({});
    for (const field of ["page", "pageSize", "totalCount", "totalPages"])
      expect(typeof pagination[field]).toBe("number");
    for (const field of ["hasNextPage", "hasPreviousPage"]) expect(typeof pagination[field]).toBe("boolean");
  });

  it("paging until hasNextPage is false yields totalCount distinct companies, about 12,000, with the remainder on the last page", async () => {
    const client = sandbox.client("demo-pro");
    const keys = new Set<string>();
    let pageNumber = 1;
    let last: Awaited<ReturnType<typeof client.getCompaniesPage>>;
    do {
      last = await client.getCompaniesPage({ pageNumber });
      for (const row of last.data) keys.add(row.companyKey);
      pageNumber++;
    } while (last.pagination.hasNextPage);
    expect(keys.size).toBe(last.pagination.totalCount);
    expect(keys.size).toBeGreaterThan(11_500);
    expect(keys.size).toBeLessThan(12_500);
    expect(last.pagination.totalPages).toBe(pageNumber - 1);
    expect(last.data.length).toBe(last.pagination.totalCount - 1000 * (last.pagination.totalPages - 1));
    expect(last.data.length).toBeLessThan(1000);
  });

  it("allCompanies=true selects the full universe of about 55,000 and totalPages reflects it", async () => {
    const body = await page({ allCompanies: true }, "demo-pro");
    expect(body.pagination.totalCount).toBeGreaterThan(54_000);
    expect(body.pagination.totalCount).toBeLessThan(56_000);
    expect(body.pagination.totalPages).toBe(Math.ceil((body.pagination.totalCount as number) / 1000));
  });

  it("rows carry the required companyId, companyKey, primaryListing and availableDatasets", async () => {
    const { data } = await sandbox.client().getCompaniesPage({ pageNumber: 3 });
    for (const row of data) {
      expect(Number.isInteger(row.companyId)).toBe(true);
      expect(row.companyKey).toBe(`${row.primaryListing.exchangeCode}_${row.primaryListing.ticker}`);
      expect(Array.isArray(row.availableDatasets)).toBe(true);
    }
  });

  it("compact=true drops the contract's fields and keeps identifiers, marketCapUsd and availableDatasets", async () => {
    const full = await page({ pageNumber: 2 });
    const compact = await page({ pageNumber: 2, compact: true });
    const dropped = [
      "tradeNameEnglish",
      "legalNameNative",
      "tradeNameNative",
      "legalDomicileCountryCode",
      "legalDomicileCountryName",
      "industryGroup",
      "industry",
      "subIndustry",
    ];
    const droppedListing = ["exchangeCountryCode", "exchangeCountryName", "segmentMic", "segmentName"];
    compact.data.forEach((row, i) => {
      const fullRow = full.data[i] as Row;
      for (const field of dropped) {
        expect(fullRow).toHaveProperty(field);
        expect(row).not.toHaveProperty(field);
      }
      for (const field of droppedListing) {
        expect(fullRow.primaryListing).toHaveProperty(field);
        expect(row.primaryListing).not.toHaveProperty(field);
      }
      for (const field of [
        "companyId",
        "companyFiscalIdentifier",
        "companyKey",
        "marketCapUsd",
        "availableDatasets",
      ]) {
        expect(row[field]).toEqual(fullRow[field]);
      }
      expect(row.primaryListing.figi).toBe(fullRow.primaryListing.figi);
    });
    await expect(sandbox.client().getCompactCompaniesPage({ pageNumber: 2 })).resolves.toBeTruthy();
  });

  it("free-plan keys receive only the free-plan companies, as a single page, in either shape", async () => {
    for (const compact of [false, true]) {
      const body = await page({ compact }, "demo-free");
      expect(body.pagination.totalPages).toBe(1);
      expect(body.pagination.hasNextPage).toBe(false);
      expect(body.data.length).toBe(body.pagination.totalCount);
      expect(body.data.length).toBeGreaterThanOrEqual(20);
      expect(body.data.length).toBeLessThanOrEqual(30);
      const freeKeys = new Set(getUniverse().free.map((c) => c.companyKey));
      for (const row of body.data) expect(freeKeys.has(row.companyKey as string)).toBe(true);
    }
  });

  it("a free-plan page reports the fixed page size of 1000, not its row count; v2 keeps an explicit pageSize", async () => {
    for (const compact of [false, true]) {
      const body = await page({ compact }, "demo-free");
      expect(body.pagination.pageSize).toBe(1000);
      expect(body.data.length).toBeLessThan(1000);
    }
    const v2 = await sandbox.get("/v2/companies-list", { pageSize: 10 }, "demo-free");
    const v2Body = (await v2.json()) as Page;
    expect(v2Body.pagination.pageSize).toBe(10);
    expect(v2Body.data.length).toBe(10);
  });

  it("a free-plan key with allCompanies=true gets 403", async () => {
    const response = await sandbox.get("/v3/companies-list", { allCompanies: true }, "demo-free");
    expect(response.status).toBe(403);
    await expect(sandbox.client("demo-free").getCompaniesPage({ allCompanies: true })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("companies outside the API-enabled set report empty availableDatasets except segments_and_kpis and fund_letters", async () => {
    const enabled = new Set(getUniverse().enabled.map((c) => c.companyKey));
    let outside = 0;
    for (let pageNumber = 1; pageNumber <= 6; pageNumber++) {
      const { data } = await page({ allCompanies: true, pageNumber }, "demo-pro");
      for (const row of data) {
        if (enabled.has(row.companyKey as string)) continue;
        outside++;
        for (const d of row.availableDatasets as string[])
          expect(["segments_and_kpis", "fund_letters"]).toContain(d);
      }
    }
    expect(outside).toBeGreaterThan(3000);
  });

  it("isin and cusip appear only with a CUSIP/ISIN license, and are valid by their check digits", async () => {
    const licensed = await page({ pageNumber: 1 }, "demo-licensed");
    const unlicensed = await page({ pageNumber: 1 }, "demo-pro");
    let cusips = 0;
    for (const row of unlicensed.data) {
      expect(row.primaryListing).not.toHaveProperty("isin");
      expect(row.primaryListing).not.toHaveProperty("cusip");
    }
    for (const row of licensed.data) {
      expect(isValidIsin(row.primaryListing.isin as string)).toBe(true);
      if (row.primaryListing.cusip !== undefined) {
        cusips++;
        expect(isValidCusip(row.primaryListing.cusip as string)).toBe(true);
      }
      for (const f of ["figi", "figiComposite", "figiShareClass"])
        expect(isValidFigi(row.primaryListing[f] as string)).toBe(true);
    }
    expect(cusips).toBeGreaterThan(100);
  });

  it("bad parameter values are 400 naming the parameter", async () => {
    for (const [params, name] of [
      [{ pageNumber: 0 }, "pageNumber"],
      [{ pageNumber: "x" }, "pageNumber"],
      [{ compact: "maybe" }, "compact"],
      [{ allCompanies: "yes please" }, "allCompanies"],
    ] as const) {
      const response = await sandbox.get("/v3/companies-list", params, "demo-pro");
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toContain(name);
    }
  });
});

describe("GET /v2/companies-list (deprecated)", () => {
  it("pages by pageSize up to 1000", async () => {
    const { data, pagination } = await sandbox.client().getCompaniesPageV2({ pageNumber: 2, pageSize: 50 });
    expect(data).toHaveLength(50);
    expect(pagination.pageSize).toBe(50);
    expect(pagination.totalPages).toBe(Math.ceil(pagination.totalCount / 50));
    const tooBig = await sandbox.get("/v2/companies-list", { pageSize: 1001 }, "demo-pro");
    expect(tooBig.status).toBe(400);
    expect(await errorMessage(tooBig)).toContain("pageSize");
  });

  it("rows keep the frozen v2 shape and none of the v3 fields", async () => {
    const { data } = await sandbox.client().getCompaniesPageV2({ pageSize: 20 });
    const raw = (await (
      await sandbox.get("/v2/companies-list", { pageSize: 20 }, "demo-pro")
    ).json()) as Page;
    for (const row of raw.data) {
      for (const v3Only of [
        "companyFiscalIdentifier",
        "displayNameEnglish",
        "primaryListing",
        "marketCapUsd",
        "companyId",
      ]) {
        expect(row).not.toHaveProperty(v3Only);
      }
    }
    expect(data[0]?.name).toBeTruthy();
  });

  it("exchangeSymbol carries the v3 exchangeCode, micCode the operating MIC and figi the composite FIGI", async () => {
    const v2 = await sandbox.client().getCompaniesPageV2({ pageSize: 300 });
    const v3 = await sandbox.client().getCompaniesPage({});
    v2.data.forEach((row, i) => {
      const v3row = v3.data[i];
      expect(v3row?.companyKey).toBe(row.companyKey);
      expect(row.exchangeSymbol).toBe(v3row?.primaryListing.exchangeCode);
      expect(row.micCode).toBe(v3row?.primaryListing.operatingMic);
      expect(row.figi).toBe(v3row?.primaryListing.figiComposite);
      expect(row.name).toBe(v3row?.displayNameEnglish);
      expect(row.countryCode).toBe(v3row?.headquartersCountryCode);
    });
  });

  it("tradingStatus is Active or Inactive, and isPreIpo marks pre_ipo lines as Inactive", async () => {
    const preIpo = findCompany((c) => c.listings[0]?.status === "pre_ipo", "is pre-IPO");
    const profile = await sandbox.client().getProfileV2({ companyKey: preIpo.companyKey });
    expect(profile.isPreIpo).toBe(true);
    expect(profile.tradingStatus).toBe("Inactive");
    const active = findCompany((c) => c.listings[0]?.status === "active", "is active");
    const activeV2 = await sandbox.client().getProfileV2({ companyKey: active.companyKey });
    expect(activeV2).toMatchObject({ tradingStatus: "Active", isPreIpo: false });
    const suspended = findCompany((c) => c.listings[0]?.status === "suspended", "is suspended");
    expect((await sandbox.client().getProfileV2({ companyKey: suspended.companyKey })).tradingStatus).toBe(
      "Inactive",
    );
  });

  it("pence lines in GBX are collapsed to GBP in v2", async () => {
    const london = findCompany((c) => c.listings[0]?.currency === "GBX", "has a GBX primary line");
    const v3 = await sandbox.client().getProfile({ companyKey: london.companyKey });
    const v2 = await sandbox.client().getProfileV2({ companyKey: london.companyKey });
    expect(v3.primaryListing?.tradingCurrency).toBe("GBX");
    expect(v2.tradingCurrency).toBe("GBP");
  });

  it("v2 availableDatasets use the four-value vocabulary", async () => {
    const { data } = await sandbox.client().getCompaniesPageV2({ pageSize: 1000 });
    const allowed = ["financials", "segments_and_kpis", "stock_prices", "adjusted_numbers"];
    for (const row of data) for (const d of row.availableDatasets) expect(allowed).toContain(d);
    expect(data.some((row) => row.availableDatasets.length === 4)).toBe(true);
  });

  it("the v2 profile adds description, shortDescription and financialPeriodsAvailable", async () => {
    const c = getUniverse().enabled[10];
    const v2 = await sandbox.client().getProfileV2({ companyKey: c?.companyKey });
    const v3 = await sandbox.client().getProfile({ companyKey: c?.companyKey });
    expect(v2.description).toBe(v3.descriptionLong);
    expect(v2.shortDescription).toBe(v3.descriptionShort);
    expect(v2.financialPeriodsAvailable).toEqual(v3.financialPeriodsAvailable);
  });
});

describe("client error mapping against the sandbox", () => {
  it("maps 404 to not_found and 400 to bad_request", async () => {
    const client = sandbox.client();
    await expect(client.getProfile({ companyKey: "XXXX_NOPE" })).rejects.toMatchObject({ code: "not_found" });
    const error = await client.getProfile({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe("bad_request");
  });
});
