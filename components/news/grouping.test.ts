import { describe, expect, it } from "vitest";
import type { TopNewsArticle } from "@/lib/api-types";
import { groupByDay } from "./grouping";

const article = (companyKey: string, date: string, importance: number, title: string): TopNewsArticle => ({
  companyKey,
  date,
  importance,
  title,
  description: "",
  summary: "",
  eventType: "earnings",
  sourceUrl: "https://example.com",
  collectedAt: `${date}T12:00:00Z`,
});

// In the API's order: importance first, then newest.
const feed = [
  article("A", "2026-11-19", 1, "a1"),
  article("B", "2026-11-20", 1, "b1"),
  article("A", "2026-11-20", 2, "a2"),
  article("C", "2026-11-18", 2, "c1"),
  article("B", "2026-11-18", 2, "b2"),
];

describe("grouping", () => {
  it("groups by day, newest day first, keeping the API order inside a day", () => {
    expect(groupByDay(feed).map((g) => [g.date, g.articles.map((a) => a.title)])).toEqual([
      ["2026-11-20", ["b1", "a2"]],
      ["2026-11-19", ["a1"]],
      ["2026-11-18", ["c1", "b2"]],
    ]);
  });
});
