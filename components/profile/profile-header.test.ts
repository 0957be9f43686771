import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Profile } from "@/lib/upstream/schemas";
import { companyRow } from "@/tests/company-rows";
import { ProfileHeader } from "./profile-header";

const header = (over: Partial<Profile>) =>
  renderToStaticMarkup(
    createElement(ProfileHeader, {
      profile: { ...companyRow(1), ...over } as Profile,
      hasLogo: false,
      nowMs: Date.parse("2026-11-20T15:00:00Z"),
      liveFieldsAgeMs: 0,
    }),
  );

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
