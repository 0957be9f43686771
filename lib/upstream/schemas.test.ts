import { describe, expect, it } from "vitest";
import { companyV2Schema, newsArticleSchema, profileSchema } from "./schemas";

const article = (collectedAt: string) => ({
  date: "2026-11-20",
  title: "t",
  description: "d",
  summary: "s",
  eventType: "earnings",
  importance: 1,
  sourceUrl: "https://example.com/",
  collectedAt,
});

describe("news article times", () => {
  it("reads a collection time written without a zone as UTC, as the contract says it is", () => {
    expect(newsArticleSchema.parse(article("2026-11-20T14:58:00")).collectedAt).toBe("2026-11-20T14:58:00Z");
    expect(newsArticleSchema.parse(article("2026-11-20 14:58")).collectedAt).toBe("2026-11-20T14:58Z");
    expect(Date.parse(newsArticleSchema.parse(article("2026-11-20T14:58:00.250")).collectedAt)).toBe(
      Date.UTC(2026, 10, 20, 14, 58, 0, 250),
    );
  });

  it("keeps a time that has its zone, and leaves what is not a time as it came", () => {
    for (const text of ["2026-11-20T14:58:00Z", "2026-11-20T14:58:00+09:00", "yesterday", ""])
      expect(newsArticleSchema.parse(article(text)).collectedAt).toBe(text);
  });
});

describe("update times", () => {
  const profile = (updatedAt: unknown) => ({
    companyId: 1,
    companyKey: "NYSE_X",
    availableDatasets: [],
    primaryListing: null,
    secondaryListings: [],
    peers: [],
    updatedAt,
  });

  it("keeps a Unix time a date can hold, and reads one past it as unknown", () => {
    expect(profileSchema.parse(profile(1_795_000_000)).updatedAt).toBe(1_795_000_000);
    expect(profileSchema.parse(profile(8.64e12)).updatedAt).toBe(8.64e12);
    expect(profileSchema.parse(profile(9_999_999_999_999)).updatedAt).toBeNull();
    expect(profileSchema.parse(profile(-9e12)).updatedAt).toBeNull();
    expect(profileSchema.parse(profile(1e17)).updatedAt).toBeNull();
    expect(profileSchema.parse(profile(1_795_000_000.5)).updatedAt).toBeNull();
    expect(profileSchema.parse(profile(null)).updatedAt).toBeNull();
    expect(profileSchema.safeParse(profile("yesterday")).success).toBe(false);
    expect(companyV2Schema.shape.updatedAt.parse(9e12)).toBeNull();
  });
});
