import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProfileListFacts } from "@/lib/api-types";
import type { Profile } from "@/lib/upstream/schemas";
import { companyRow } from "@/tests/company-rows";
import { ProfileHeader } from "./profile-header";

const NOW = Date.parse("2026-11-20T15:00:00Z");
const header = (
  over: Partial<Profile>,
  listFacts: ProfileListFacts = { apiEnabled: true, updatedAt: null },
  liveFieldsAgeMs = 0,
) =>
  renderToStaticMarkup(
    createElement(ProfileHeader, {
      profile: { ...companyRow(1), ...over } as Profile,
      hasLogo: false,
      nowMs: NOW,
      liveFieldsAgeMs,
      listFacts,
    }),
  );

describe("ProfileHeader's statuses and freshness", () => {
  it("says each status with its subject, and marks a company outside the API-enabled set", () => {
    const html = header(
      {
        companyStatus: "active",
        primaryListing: { ...companyRow(1).primaryListing, tradingStatus: "delisted" },
      },
      { apiEnabled: false, updatedAt: null },
    );
    expect(html).toContain("Company: Active");
    expect(html).toContain("Primary listing: Delisted");
    expect(html).toContain("Outside the API-enabled set");
    expect(header({ companyStatus: "active" })).not.toContain("Outside the API-enabled set");
    // Not known (the list is still syncing): nothing said.
    expect(header({}, { apiEnabled: null, updatedAt: null })).not.toContain("Outside");
  });

  it("shows the later of the profile's and the list's updatedAt, and the copy's age only for its own", () => {
    const hourAgo = (NOW - 3_600_000) / 1000;
    const dayAgo = (NOW - 86_400_000) / 1000;
    const stale = 20 * 60_000;
    // The list synced later than the profile was fetched: its value, without the profile's age.
    const newer = header({ updatedAt: dayAgo }, { apiEnabled: true, updatedAt: hourAgo }, stale);
    expect(newer).toContain("Data updated");
    expect(newer).toContain("1 hour ago");
    expect(newer).not.toContain("refreshing");
    // The profile's own value is the later: shown with its age while it is refreshed.
    const own = header({ updatedAt: hourAgo }, { apiEnabled: true, updatedAt: dayAgo }, stale);
    expect(own).toContain("1 hour ago");
    expect(own).toContain("refreshing");
  });
});

describe("ProfileHeader's legal domicile", () => {
  it("compares the domicile with the headquarters only when both are known", () => {
    const hq = { headquartersCountryCode: "CN", headquartersCountryName: "China" };
    expect(
      header({ ...hq, legalDomicileCountryCode: "KY", legalDomicileCountryName: "Cayman Islands" }),
    ).toContain("Incorporated abroad");
    expect(header({ ...hq, legalDomicileCountryCode: "CN", legalDomicileCountryName: "China" })).toContain(
      "Same as headquarters",
    );
    const unknown = header({ ...hq, legalDomicileCountryCode: null, legalDomicileCountryName: null });
    expect(unknown).not.toContain("Same as headquarters");
    expect(unknown).not.toContain("Incorporated abroad");
    const noHq = header({
      headquartersCountryCode: null,
      headquartersCountryName: null,
      legalDomicileCountryCode: "KY",
      legalDomicileCountryName: "Cayman Islands",
    });
    expect(noHq).not.toContain("Incorporated abroad");
  });
});
