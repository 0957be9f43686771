import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Datasets } from "./datasets";

describe("Datasets", () => {
  it("labels known datasets, shows a value newer than this app as informational, and lists the absent ones", () => {
    const html = renderToStaticMarkup(createElement(Datasets, { available: ["news", "esg_scores"] }));
    expect(html).toContain("Available (2)");
    expect(html).toContain("News");
    expect(html).toContain("Esg scores");
    expect(html).toContain("(new, informational)");
    expect(html).toContain("Not available (10)");
    expect(html).toContain("Fund letters");
  });

  it("says which available datasets come from the provider's other APIs and are not shown here", () => {
    const html = renderToStaticMarkup(
      createElement(Datasets, { available: ["news", "logos", "stock_prices", "financials"] }),
    );
    expect(html).toContain(
      "Stock prices and Financials come from the data provider&#x27;s other APIs and are not shown in this app",
    );
    const newsOnly = renderToStaticMarkup(createElement(Datasets, { available: ["news", "logos"] }));
    expect(newsOnly).not.toContain("other APIs");
  });

  it("explains an empty list instead of showing nothing", () => {
    const html = renderToStaticMarkup(createElement(Datasets, { available: [] }));
    expect(html).toContain("outside the API-enabled set");
  });
});
