import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations as axe, collectProblems, holdScripts, waitForIndex } from "./helpers";

// Companies of the deterministic sandbox universe (see e2e/profile.spec.ts).
/** 12 peers, logos and news. */
const RICH = { key: "XSHE_300980", name: "Ruihua Machinery Holdings Limited" };
/** Null market cap and no logos. */
const BARE = { key: "NYSE_CWZ", name: "Continental Towers Corp." };
const LONDON = { key: "XLON_EMBE", name: "Ember Partners plc" };
const FORMER = { from: "XNSE_DELTARAVER", to: "XNSE_VERITYAPOT", name: "Verity Apothecary Limited" };
/** RICH's twelfth peer: outside "compare with the 11 closest peers". */
const LAST_PEER = "NASDAQ_TM";

const members = (page: Page) =>
  page.getByRole("list", { name: "Companies in the comparison" }).getByRole("listitem");
const setParam = (page: Page) => new URL(page.url()).searchParams.get("companies")?.split(",") ?? [];
const peerNode = (page: Page, key: string) => page.locator(`button[data-peer="${key}"]`);
const addBox = (page: Page) => page.getByRole("combobox", { name: /add a company|comparison is full/i });

test.describe("peer comparison", () => {
  // The add box searches the directory: wait for its first sync.
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("from a profile: the company and its 11 closest peers, the limit of 12 explained", async ({
    page,
  }) => {
    // Twelve companies with six charts: axe alone takes well over ten seconds on a busy machine.
    test.slow();
    const problems = collectProblems(page);
    await page.goto(`/companies/${RICH.key}`);
    await page.getByRole("link", { name: /compare with these 11 closest peers/i }).click();
    await expect(page).toHaveURL(/\/compare\?companies=/);
    expect(setParam(page)).toHaveLength(12);
    expect(setParam(page)[0]).toBe(RICH.key);
    await expect(members(page)).toHaveCount(12);
    await expect(page.getByText(`12 companies, with ${RICH.name} as the focus`)).toBeVisible();

    // The peer graph: every peer of the focus, the 11 in the set pressed, the twelfth not.
    const graph = page.getByRole("figure", { name: `Peers of ${RICH.name}` });
    await expect(graph.locator("button[data-peer]")).toHaveCount(12);
    await expect(graph.locator('button[data-peer][aria-pressed="true"]')).toHaveCount(11);
    await expect(peerNode(page, LAST_PEER)).toHaveAttribute("aria-pressed", "false");

    // Full: the add box is disabled and says why; pressing the twelfth peer says so too.
    await expect(addBox(page)).toBeDisabled();
    await expect(page.locator("[data-limit-message]")).toHaveText(/at most 12 companies/);
    await peerNode(page, LAST_PEER).click();
    await expect(page.getByText(/at most 12 companies: remove one to add another/i).first()).toBeVisible();
    expect(setParam(page)).toHaveLength(12);

    // The market-cap chart has a bar per company, largest first, the focus highlighted.
    const chart = page.getByRole("figure", { name: "Market cap" });
    await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /largest first/);
    await chart.getByText("Show the data as a table").click();
    await expect(chart.getByRole("table").locator("tbody tr")).toHaveCount(12);

    // News across the set: stories from the set only, most material first.
    const news = page.getByRole("list", { name: "Stories, most material first" });
    await expect(news.locator("article").first()).toBeVisible();
    const shown = await news.locator("article").evaluateAll((nodes) =>
      nodes.map((n) => ({
        company: n.getAttribute("data-company"),
        importance: Number(n.getAttribute("data-importance")),
      })),
    );
    const set = setParam(page);
    expect(shown.every((a) => a.company && set.includes(a.company))).toBe(true);
    const levels = shown.map((a) => a.importance);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    await axe(page);
    expect(problems).toEqual([]);
  });

  test("adding and removing companies, with the URL restored by back and reload", async ({ page }) => {
    await page.goto(`/compare?companies=${RICH.key},${BARE.key}`);
    await expect(members(page)).toHaveCount(2);

    // Remove with one press of the keyboard: one company left, and the page asks for another.
    // Focus does not fall to the page with the removed chip: it waits on the set's heading.
    await page
      .getByRole("button", { name: `Remove ${BARE.name} from the comparison` })
      .first()
      .press("Enter");
    await expect.poll(() => setParam(page)).toEqual([RICH.key]);
    await expect(page.getByText(/add at least one more company/i)).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Companies \(1 of 12\)/ })).toBeFocused();

    // Add from the search box with the keyboard.
    await addBox(page).fill("Ember Partners");
    await expect(page.getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    await addBox(page).press("ArrowDown");
    await addBox(page).press("ArrowUp");
    await addBox(page).press("Enter");
    await expect.poll(() => setParam(page)).toEqual([RICH.key, LONDON.key]);
    await expect(members(page)).toHaveCount(2);

    // Add a peer from the graph, then make it the focus.
    await peerNode(page, LAST_PEER).click();
    await expect.poll(() => setParam(page)).toEqual([RICH.key, LONDON.key, LAST_PEER]);
    // The URL changes at once; the comparison follows from the server.
    await expect(members(page)).toHaveCount(3);
    await page
      .getByRole("button", { name: /^Make focus/ })
      .last()
      .click();
    await expect.poll(() => setParam(page)).toEqual([LAST_PEER, RICH.key, LONDON.key]);

    // Back undoes one edit at a time; a reload keeps the set.
    await page.goBack();
    await expect.poll(() => setParam(page)).toEqual([RICH.key, LONDON.key, LAST_PEER]);
    await expect(members(page)).toHaveCount(3);
    await page.goBack();
    await expect.poll(() => setParam(page)).toEqual([RICH.key, LONDON.key]);
    await page.reload();
    await expect(members(page)).toHaveCount(2);
    await expect(members(page).first()).toContainText("focus");
  });

  test("a company with no market cap, a former ticker, an unknown key and too many companies", async ({
    page,
  }) => {
    const problems = collectProblems(page);
    const fourteen = [RICH.key, BARE.key, FORMER.from, "NASDAQ_ZZZZZ"];
    const peers = (await (await page.request.get(`/api/compare?companies=${RICH.key}`)).json()) as {
      focusPeers: { companyKey: string }[];
    };
    fourteen.push(...peers.focusPeers.map((p) => p.companyKey).slice(0, 10));
    // The focus named twice (in another case) is compared once, and that is said.
    const named = [RICH.key, RICH.key.toLowerCase(), ...fourteen.slice(1)];
    await page.goto(`/compare?companies=${named.join(",")}`);

    // The first 12 are kept and the rest named; the former ticker becomes its canonical key.
    await expect(
      page.getByText(/The link named more than 12 companies: the first 12 were taken, and these left out: /),
    ).toContainText(fourteen.slice(12).join(", "));
    await expect(
      page.getByText("The link named this company more than once, and each is compared once:"),
    ).toContainText(RICH.key);
    await expect.poll(() => setParam(page)).toContain(FORMER.to);
    expect(setParam(page)).not.toContain(FORMER.from);
    await expect(page.getByText("NASDAQ_ZZZZZ: No company is known")).toBeVisible();

    // No market cap: the chart says so on its row, the table says n/a.
    const chart = page.getByRole("figure", { name: "Market cap" });
    await expect(chart.getByText("not available", { exact: true }).first()).toBeVisible();
    await expect(chart).toContainText(BARE.name);
    const capRow = page.locator('tr[data-attribute="marketCap"]');
    await expect(capRow).toContainText("n/a");

    // Differences from the focus are marked, in words too.
    await expect(page.locator("td[data-differs]").first()).toBeVisible();
    await expect(page.getByText(`(differs from ${RICH.name})`).first()).toBeAttached();
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  test("from the directory: tick rows, then compare", async ({ page }) => {
    await page.goto("/companies");
    await page.evaluate(() => sessionStorage.clear());
    const search = page.getByRole("searchbox", { name: /search companies/i });
    const table = page.getByRole("table", { name: /^Companies/ });
    await search.fill(RICH.name);
    await expect(table.locator("tbody tr").first()).toContainText(RICH.name);
    await page.getByRole("checkbox", { name: `Select ${RICH.name}` }).check();
    await expect(page.getByText("1 of 12 selected")).toBeVisible();

    // The selection survives a new search; Space on a focused row ticks it.
    await search.fill(LONDON.name);
    await expect(table.locator("tbody tr").first()).toContainText(LONDON.name);
    await table.locator("tbody tr").first().getByRole("link").focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("2 of 12 selected")).toBeVisible();

    await page.getByRole("link", { name: "Compare 2" }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?companies=${RICH.key},${LONDON.key}$`));
    await expect(members(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Side by side" })).toBeVisible();
  });

  test("odd sets: an unknown key is left out, a second name of a company is said, lower case is made canonical", async ({
    page,
  }) => {
    await page.goto(`/compare?companies=${RICH.key.toLowerCase()},NYSE_NOPEX,XFRA_RUIH,${LONDON.key}`);
    // The address names the companies as the server knows them, each once.
    await expect(page).toHaveURL(new RegExp(`companies=${RICH.key},NYSE_NOPEX,${LONDON.key}$`));
    await expect(members(page)).toHaveCount(2);
    await expect(members(page).first()).toContainText("focus");
    await expect(page.getByText("(2 of 12)")).toBeVisible();
    await expect(page.getByText("No company is known as “NYSE_NOPEX”. It is left out.")).toBeVisible();
    await expect(
      page.getByText(
        `XFRA_RUIH and ${RICH.key} name one company, ${RICH.name}: it is in the comparison once, as ${RICH.key}.`,
      ),
    ).toBeVisible();
    // Two countries, one company each: neither is "the largest".
    await expect(page.getByText("2 countries across 2 companies; 1 company in each.")).toBeVisible();
    await page.getByRole("button", { name: "Remove it from the address" }).click();
    await expect(page).toHaveURL(new RegExp(`companies=${RICH.key},${LONDON.key}$`));
    await expect(page.getByText(/No company is known as/)).toHaveCount(0);
    await axe(page);

    // The other listing's key first: the company is still in once, under its key, and said so.
    await page.goto(`/compare?companies=XFRA_RUIH,${RICH.key},${LONDON.key}`);
    await expect(page).toHaveURL(new RegExp(`companies=${RICH.key},${LONDON.key}$`));
    await expect(page.getByText(`${RICH.key} and XFRA_RUIH name one company`)).toBeVisible();
    await expect(members(page)).toHaveCount(2);
  });

  test("the site header stays above the side-by-side table's sticky cells", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 600 });
    await page.goto(`/compare?companies=${RICH.key},NASDAQ_ELM,NYSE_JINS`);
    const table = page.getByRole("region", { name: /^Companies side by side/ });
    await expect(table).toBeVisible();
    // The table's top slides under the header as the page scrolls on (a short window leaves room to).
    await table.evaluate((el) => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - 10));
    // (The table's top is under the header, or this proves nothing.)
    expect(await table.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(40);
    const atLogo = await page.evaluate(() => Boolean(document.elementFromPoint(40, 20)?.closest("header")));
    expect(atLogo).toBe(true);
  });

  test("is accessible in dark mode and on a narrow window", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/compare?companies=${RICH.key},${BARE.key},${LONDON.key}`);
    await expect(page.getByRole("figure", { name: "Market cap" })).toBeVisible();
    // Focusing a peer shows why it is a peer (once the page has hydrated: before, the peers are
    // disabled buttons, which take no focus).
    await expect(peerNode(page, LAST_PEER)).toBeEnabled();
    await peerNode(page, LAST_PEER).focus();
    await expect(page.getByRole("tooltip")).toBeVisible();
    await expect(peerNode(page, LAST_PEER)).toHaveAttribute("aria-describedby", /.+/);
    await expect(page.locator("article").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The side-by-side table's labels fit their column, whole words (no "HEADQUARTER-S", no
    // label running into its value).
    const labels = await page.locator("tr[data-attribute] th").evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const words = (cell.textContent ?? "").trim().split(/\s+/).length;
        const lines = Math.round(
          range.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(cell).lineHeight),
        );
        return { fits: cell.scrollWidth <= cell.clientWidth, wordsPerLine: words >= lines };
      }),
    );
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((l) => !l.fits || !l.wordsPerLine)).toEqual([]);
    // The market-cap bars name a company by its ticker where its name would be cut; the whole
    // name is in the label's title.
    const bars = page.getByRole("figure", { name: "Market cap" }).locator("li[title]");
    await expect(bars.filter({ hasText: /^300980$/ })).toHaveAttribute("title", RICH.name);
    const cut = await bars.evaluateAll(
      (items) =>
        items.filter((li) => {
          const text = li.firstElementChild as HTMLElement;
          return text.scrollWidth > text.clientWidth;
        }).length,
    );
    expect(cut).toBe(0);
    await axe(page);
  });

  test("Enter while the box still lists an earlier text's matches adds the text's own first match", async ({
    page,
  }) => {
    await page.goto(`/compare?companies=${RICH.key}`);
    await addBox(page).fill("Ember Partners");
    await expect(page.getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    // The new text's matches held back: Enter comes while Ember's are still listed.
    const held = (url: URL) =>
      url.pathname === "/api/companies" && url.searchParams.get("q") === "Continental Towers";
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => {});
    });
    await addBox(page).fill("Continental Towers");
    await addBox(page).press("Enter");
    await expect.poll(() => setParam(page)).toEqual([RICH.key, BARE.key]);
    await page.unroute(held);
    await expect(addBox(page)).toHaveValue("");
  });
});

test.describe("before the page hydrates", () => {
  test("a company searched for while the scripts still load is offered, and Enter adds it", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto(`/compare?companies=${RICH.key}`, { waitUntil: "commit" });
    await addBox(page).fill("Ember Partners");
    release();
    await expect(page.getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    await addBox(page).press("Enter");
    await expect.poll(() => setParam(page)).toEqual([RICH.key, LONDON.key]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  /** Every value label of the chart's column ends inside the column. */
  async function expectWithin(plot: Locator) {
    const column = await plot.boundingBox();
    for (const value of await plot.locator("[data-value]").all()) {
      const box = await value.boundingBox();
      expect(box && column && box.x + box.width).toBeLessThanOrEqual((column?.x ?? 0) + (column?.width ?? 0));
    }
  }
  for (const width of [390, 1280])
    test(`at ${width} px the market-cap chart's bars and values fit its column, scaled to the values`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/compare?companies=${RICH.key},NASDAQ_ELM,NYSE_JINS`);
      const plot = page.getByRole("figure", { name: "Market cap" }).locator("[data-plot]");
      const values = await plot.locator("[data-value]").all();
      expect(values).toHaveLength(3);
      await expectWithin(plot);
      // Largest first: Elmora, Jinshi, then the focus; each bar as long as its value says.
      const bars = await Promise.all((await plot.locator("[data-bar]").all()).map((b) => b.boundingBox()));
      const caps = await Promise.all(
        values.map(async (v) => Number.parseFloat(((await v.textContent()) ?? "").slice(1))),
      );
      const [first, ...rest] = bars.map((b) => b?.width ?? 0);
      rest.forEach((w, i) => {
        expect(w / (first ?? 1)).toBeCloseTo((caps[i + 1] ?? 0) / (caps[0] ?? 1), 1);
      });

      // The listings chart's notes (exchanges and currencies) where the column has room for them.
      const listings = page.getByRole("figure", { name: "Listings, exchanges and currencies" });
      const notes = listings.locator("[data-value] > span");
      await expect(notes).toHaveCount(3);
      for (const note of await notes.all()) {
        await expect(note).toHaveText(/^\s*· \d+ exch\. · \d+ ccy$/);
        if (width < 768) await expect(note).toBeHidden();
        else await expect(note).toBeVisible();
      }
      await expectWithin(listings.locator("[data-plot]"));
    });

  test("offers no control that needs a script, and says the set's news needs one instead of loading it", async ({
    page,
  }) => {
    await page.goto(`/compare?companies=${RICH.key},NASDAQ_ELM,NYSE_JINS`);
    await expect(page.getByRole("heading", { level: 1, name: "Compare" })).toBeVisible();
    // Removing, refocusing, the log scale and the same-rows switch work only with a script.
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Make focus/ })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Log scale" })).toHaveCount(0);
    await expect(page.getByRole("switch")).toHaveCount(0);
    const news = page.getByRole("figure", { name: /^News volume by importance/ });
    await expect(news).toContainText("The set's news loads with JavaScript.");
    await expect(news.getByText("Loading the set's news…")).toBeHidden();
    // The peers graph's nodes cannot be pressed, and the summary does not ask to.
    const peers = page.getByRole("figure", { name: /^Peers of / });
    await expect(peers.locator("[data-peer]").first()).toBeDisabled();
    await expect(peers.getByText(/Press a peer/)).toBeHidden();
  });

  test("adds a company by typing its key or an identifier and pressing Enter", async ({ page }) => {
    await page.goto(`/compare?companies=${RICH.key},NASDAQ_ELM`);
    const box = page.getByRole("combobox", { name: "Add a company" });
    await box.fill("nyse_jins");
    await box.press("Enter");
    await expect(page).toHaveURL(/companies=nyse_jins/);
    await expect(page.getByRole("heading", { name: /^Companies \(3 of 12\)/ })).toBeVisible();
    await expect(page.getByText(/No company is known/)).toHaveCount(0);
  });
});

test.describe("reading the set", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  /** RICH and its 7 closest peers: all in Industrials, three HQ countries. */
  let eight: string[] = [];
  test.beforeAll(async ({ request }) => {
    const body = (await (await request.get(`/api/compare?companies=${RICH.key}`)).json()) as {
      focusPeers: { companyKey: string }[];
    };
    eight = [RICH.key, ...body.focusPeers.slice(0, 7).map((p) => p.companyKey)];
  });
  const open = (page: Page) => page.goto(`/compare?companies=${eight.join(",")}`);
  const tableRegion = (page: Page) => page.getByRole("region", { name: /^Companies side by side/ });

  test("a breakdown with one value is one line; peers are labelled with their names", async ({ page }) => {
    await open(page);
    // The tab's title names the first four by ticker, not by key ("XSHE_300980").
    await expect(page).toHaveTitle(/^Compare 300980, [^_,]+, [^_,]+, [^_,]+… · Fiscal Atlas$/);
    await expect(page.locator('[data-one-value="sector"]')).toHaveText(
      /By sector\s*All 8 are in Industrials/,
    );
    await expect(page.getByRole("figure", { name: "By sector" })).toHaveCount(0);
    await expect(page.getByRole("figure", { name: "By headquarters country" })).toBeVisible();

    const node = peerNode(page, "NASDAQ_ELM");
    await expect(node.locator("[data-peer-name]")).toHaveText("Elmora");
    await expect(node).toContainText("ELM");
    // Its spoken name starts with what it shows, then says the whole name and why it is a peer.
    await expect(node).toHaveAccessibleName(/^ELM\s*Elmora\s*: Elmora Corporation, Direct competitor$/);
    await expect(node).toBeEnabled(); // hydrated: a disabled button takes no focus
    await node.focus();
    await expect(page.getByRole("tooltip")).toContainText("Elmora Corporation");
    // Every node has a name under its ticker.
    const names = await page.locator("button[data-peer] [data-peer-name]").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.trim().length > 0)).toBe(true);
    await axe(page);
  });

  for (const width of [390, 1024, 1280]) {
    test(`at ${width} px no peer's label touches another's or the company's in the middle, or leaves the graph`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/compare?companies=${RICH.key},NASDAQ_ELM,NYSE_JINS`);
      const nodes = page.locator("button[data-peer]");
      await expect(nodes.first()).toBeVisible();
      // The labels' boxes, the focus company's first (the graph's one non-button label).
      const boxes = await page
        .locator("button[data-peer]")
        .first()
        .evaluate((first) => {
          const graph = first.parentElement as HTMLElement;
          const labels = [...graph.querySelectorAll(":scope > div.absolute, :scope > button[data-peer]")];
          return [graph, ...labels].map((el) => {
            const b = el.getBoundingClientRect();
            return {
              name: (el as HTMLElement).dataset.peer ?? "focus",
              l: b.left,
              r: b.right,
              t: b.top,
              b: b.bottom,
            };
          });
        });
      const graph = boxes.shift() as (typeof boxes)[number];
      expect(boxes.length).toBeGreaterThanOrEqual(12); // the focus and its 11 closest peers
      const outside = boxes.filter((b) => b.l < graph.l || b.r > graph.r || b.t < graph.t || b.b > graph.b);
      expect(outside.map((b) => b.name)).toEqual([]);
      const touching = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter((b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b)
          .map((b) => `${a.name} and ${b.name}`),
      );
      expect(touching).toEqual([]);
    });
  }

  test("the table hides rows that are the same for all, with a switch; its header stays in view", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await open(page);
    const same = page.locator("[data-same-rows]");
    await expect(same).toContainText("Same for all 8:");
    await expect(same).toContainText("Sector Industrials");
    await expect(page.locator('tr[data-attribute="sector"]')).toHaveCount(0);
    await expect(page.locator('tr[data-attribute="marketCap"]')).toHaveCount(1);
    const toggle = page.getByRole("switch", { name: /rows where all 8 are the same/ });
    await toggle.check();
    await expect(page.locator('tr[data-attribute="sector"]')).toHaveCount(1);
    await expect(same).toHaveCount(0);
    await toggle.uncheck();
    await expect(page.locator('tr[data-attribute="sector"]')).toHaveCount(0);

    // Scrolled down and sideways, the company header and the row labels stay at the edges.
    const region = tableRegion(page);
    // It has more to show: its name says how it scrolls, and Tab stops on it so the keys can.
    await expect(region).toHaveAccessibleName(
      "Companies side by side (scrolls both ways; the header stays in view)",
    );
    await expect(region).toHaveAttribute("tabindex", "0");
    // Each company's buttons sit at the foot of its header, in line whatever the length of its name.
    const feet = await region
      .locator("thead th")
      .evaluateAll((ths) =>
        ths.map((th) =>
          Math.round([...th.querySelectorAll("button")].at(-1)?.getBoundingClientRect().bottom ?? 0),
        ),
      );
    expect(feet.length).toBe(8);
    expect(new Set(feet).size).toBe(1);
    await region.scrollIntoViewIfNeeded();
    await region.evaluate((el) => el.scrollTo({ top: 400, left: 300 }));
    await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    const regionBox = await region.boundingBox();
    const headBox = await region.locator("thead th").first().boundingBox();
    const labelBox = await region.locator('tr[data-attribute="marketCap"] th').boundingBox();
    if (!regionBox || !headBox || !labelBox) throw new Error("no boxes");
    expect(Math.abs(headBox.y - regionBox.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(labelBox.x - regionBox.x)).toBeLessThanOrEqual(2);
  });

  test("the set charts: market cap against the focus, listings, peer overlap, news volume", async ({
    page,
  }) => {
    let newsCalls = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/compare/news") newsCalls += 1;
    });
    await open(page);

    const cap = page.getByRole("figure", { name: "Market cap" });
    await expect(cap).toContainText(/\d\.\d+×/);
    await cap.getByText("Show the data as a table").click();
    await expect(cap.getByRole("table").locator("thead")).toContainText("× the focus");

    const listings = page.getByRole("figure", { name: "Listings, exchanges and currencies" });
    await expect(listings).toHaveAccessibleDescription(/^\d+ listings on \d+ exchanges in \d+ currenc/);
    await listings.getByText("Show the data as a table").click();
    await expect(listings.getByRole("table").locator("tbody tr")).toHaveCount(8);

    const overlap = page.getByRole("figure", { name: "Peer overlap" });
    await expect(overlap).toHaveAccessibleDescription(/peer links? of 56 possible/);
    await expect(overlap.locator("[data-named]").first()).toBeVisible();
    await overlap.getByText("Show the data as a table").click();
    await expect(overlap.getByRole("table").locator("tbody tr")).toHaveCount(8);

    const body = (await (
      await page.request.get(`/api/compare/news?companies=${eight.join(",")}`)
    ).json()) as {
      companies: { total: number | null }[];
    };
    const total = body.companies.reduce((n, c) => n + (c.total ?? 0), 0);
    const volume = page.getByRole("figure", { name: "News volume by importance, last 7 days" });
    await expect(volume).toHaveAccessibleDescription(new RegExp(`^${total} stories in the last 7 UTC days`));
    await volume.getByText("Show the data as a table").click();
    const rows = volume.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(8);
    await expect(rows.first().locator("td").last()).toHaveText(String(body.companies[0]?.total));
    // The chart reuses the news the page already loads: one request for both.
    expect(newsCalls).toBe(1);
    await axe(page);
  });

  for (const scheme of ["light", "dark"] as const)
    test(`is accessible at 390 px in ${scheme} mode`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page);
      await expect(page.getByRole("figure", { name: "Peer overlap" })).toBeVisible();
      await expect(page.getByRole("figure", { name: /News volume/ })).toContainText(/stories in the last 7/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await axe(page);
    });

  test("prints without navigation or the editor, with the charts and the whole table", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("figure", { name: "Peer overlap" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(addBox(page)).toBeHidden();
    await expect(page.getByRole("figure", { name: "Market cap" })).toBeVisible();
    await expect(page.getByRole("figure", { name: "News volume by importance, last 7 days" })).toBeVisible();
    const clipped = await tableRegion(page).evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(clipped).toBeLessThanOrEqual(0);
  });
});
