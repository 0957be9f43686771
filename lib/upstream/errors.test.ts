import { describe, expect, it } from "vitest";
import { missingResource } from "./errors";

describe("missingResource", () => {
  it("a 404 on a dataset endpoint is the dataset unless it says the company is not found", () => {
    expect(missingResource("/v2/company/logo", "No logo is available for this company.")).toBe("logo");
    expect(missingResource("/v2/company/logo", "Not Found")).toBe("logo");
    expect(missingResource("/v2/company/logo", "Company not found.")).toBe("company");
    expect(missingResource("/v1/company/news", "News is not available for this company.")).toBe("news");
    expect(missingResource("/v1/company/news", "Unknown company: NASDAQ_X")).toBe("company");
  });

  it("a 404 anywhere else is about the company", () => {
    expect(missingResource("/v3/company/profile", "Not Found")).toBe("company");
    expect(missingResource("/v1/top-news", "Company not found.")).toBe("company");
  });
});
