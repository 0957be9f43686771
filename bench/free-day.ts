// A free-plan day: a team of five browsing through one UTC day against the sandbox with the real
// free plan's limits (50 calls a minute, 250 a day: SANDBOX_RATE_LIMIT=50/60,250/day, its 429s as
// the real service sends them), on a simulated clock. The server's own services run as they do
// in `npm start` (budget, caches, the index sync and its hourly refresh), with a page view made of
// the calls its page makes: a profile (its data, its logo, its news section), the overview (today's
// stories, the week's counts, the recently updated companies) or the news feed's first page.
// Each configuration of the budget runs the same day, side by side.
import FakeTimers from "@sinonjs/fake-timers";
import { utcDateOf } from "@/lib/dates";
import { DEFAULT_FEED_STATE } from "@/lib/news/feed-state";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { getUniverse } from "@/lib/sandbox/universe";
import { firstFeedPages } from "@/lib/server/pages/news-page";
import { overviewData } from "@/lib/server/pages/overview";
import { profilePageData } from "@/lib/server/pages/profile-page";
import { Services, setServices } from "@/lib/server/services/services";
import { LocalBudgetStore, UpstreamBudget } from "@/lib/upstream/budget";
import { type BudgetPolicy, DEFAULT_BACKGROUND_SHARE } from "@/lib/upstream/budget-policy";
import { UpstreamClient } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { table } from "./stats";

const DAY_START = Date.parse("2026-12-02T00:00:00Z");
const HOUR = 3_600_000;
const PEOPLE = 5;
/** Their working hours (UTC), and how often each opens a page meanwhile (on average). */
const WORK = { from: 8, to: 18, everyMinutes: 4 };
/** The share of page views: a profile, the overview, the news feed. */
const MIX = { profile: 0.55, overview: 0.25, news: 0.2 };
/** Profiles are opened by a Zipf law over the plan's companies (a few often, most now and then). */
const ZIPF_S = 1.1;

interface Config {
  label: string;
  policy: BudgetPolicy;
}

const CONFIGS: Config[] = [
  {
    label: "UPSTREAM_RATE_LIMIT=50/60, UPSTREAM_DAILY_LIMIT=250",
    policy: {
      window: { calls: 50, windowMs: 60_000 },
      daily: 250,
      backgroundShare: DEFAULT_BACKGROUND_SHARE,
    },
  },
  {
    label: "UPSTREAM_RATE_LIMIT=50/60 only",
    policy: {
      window: { calls: 50, windowMs: 60_000 },
      daily: null,
      backgroundShare: DEFAULT_BACKGROUND_SHARE,
    },
  },
];

/** A deterministic random stream (mulberry32), so every configuration sees the same day. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = keyof typeof MIX;
interface View {
  at: number;
  kind: Kind;
  /** For a profile: the company's rank in the Zipf order. */
  rank: number;
}

/** The team's page views over the day, the same for every configuration. */
function dayOfViews(companies: number): View[] {
  const next = random(20261202);
  const weights = Array.from({ length: companies }, (_, i) => 1 / (i + 1) ** ZIPF_S);
  const total = weights.reduce((a, b) => a + b, 0);
  const zipf = () => {
    let r = next() * total;
    for (const [i, w] of weights.entries()) {
      r -= w;
      if (r <= 0) return i;
    }
    return companies - 1;
  };
  const views: View[] = [];
  for (let person = 0; person < PEOPLE; person++) {
    let at = DAY_START + WORK.from * HOUR + next() * 30 * 60_000;
    while (at < DAY_START + WORK.to * HOUR) {
      const roll = next();
      const kind: Kind =
        roll < MIX.profile ? "profile" : roll < MIX.profile + MIX.overview ? "overview" : "news";
      views.push({ at, kind, rank: zipf() });
      at += -Math.log(1 - next()) * WORK.everyMinutes * 60_000;
    }
  }
  return views.sort((a, b) => a.at - b.at);
}

interface Outcome {
  served: number;
  /** Of the served, those showing data older than it should be, with a notice. */
  staleNotice: number;
  refused: number;
  /** A section of a served page (a profile's news) that could not be had. */
  sectionsRefused: number;
  /** The stale notices shown, by page and reason (the age left out). */
  notices: Map<string, number>;
}

async function runDay(config: Config, views: View[], keys: readonly string[]) {
  const clock = FakeTimers.install({
    now: DAY_START,
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
  });
  try {
    const sandbox = createSandboxHandler({ rateLimit: { limit: 50, windowMs: 60_000, daily: 250 } });
    const budget = new UpstreamBudget(new LocalBudgetStore(config.policy));
    let serviceRefused = 0;
    let ranOut: number | null = null;
    const client = new UpstreamClient({
      // Not the in-process origin: the sandbox holds these calls to its rate limit, as over HTTP.
      baseUrl: "http://upstream.bench",
      apiKey: "demo-free",
      transport: sandbox,
      budget,
      onCall: (call) => {
        if (call.status === 429) serviceRefused++;
      },
    });
    // The index sync and its hourly refresh as the server runs them (without their log lines).
    const services = new Services({ client, tier: null, snapshots: null, startSync: false });
    services.directory.start();
    setServices(services);
    const outcome: Outcome = {
      served: 0,
      staleNotice: 0,
      refused: 0,
      sectionsRefused: 0,
      notices: new Map(),
    };
    const note = (page: string, warning: string) => {
      outcome.staleNotice++;
      const reason = `${page}: ${warning.replace(/^Showing data from .*? ago; /, "").replace(/\.$/, "")}`;
      outcome.notices.set(reason, (outcome.notices.get(reason) ?? 0) + 1);
    };
    const noteRanOut = () => {
      if (ranOut === null && client.pauseCause() === "daily_allowance") ranOut = Date.now();
    };
    const view = async ({ kind, rank }: View): Promise<void> => {
      const today = utcDateOf(Date.now());
      try {
        if (kind === "profile") {
          const key = keys[rank] as string;
          const page = await profilePageData(key);
          if (page.kind !== "profile") throw new Error(`profile ${key}: ${page.kind}`);
          if (page.served.warning) note("profile", page.served.warning);
          // The browser then asks for its logo (background work) and its news section, when it has them.
          const datasets = page.served.data.availableDatasets;
          if (datasets.includes("logos")) void services.logos.get(key, "icon").catch(() => undefined);
          if (datasets.includes("news"))
            await services.news.forCompany(key, {}).catch(() => {
              outcome.sectionsRefused++;
            });
        } else if (kind === "overview") {
          const [stories, counts] = await overviewData(services, today);
          if (stories.status === "rejected" && counts.status === "rejected") throw stories.reason;
          if (stories.status === "rejected" || counts.status === "rejected") outcome.sectionsRefused++;
          const warned =
            (stories.status === "fulfilled" && stories.value.page.warning) ||
            (counts.status === "fulfilled" && counts.value.warning);
          if (warned) note("overview", warned);
        } else {
          const [first] = await firstFeedPages(DEFAULT_FEED_STATE);
          if (first?.warning) note("news feed", first.warning);
        }
        outcome.served++;
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        outcome.refused++;
      } finally {
        noteRanOut();
      }
    };
    const pending: Promise<void>[] = [];
    for (const v of views) {
      await clock.tickAsync(Math.max(0, v.at - Date.now()));
      pending.push(view(v));
    }
    await clock.tickAsync(DAY_START + 24 * HOUR - 1 - Date.now());
    await Promise.all(pending);
    noteRanOut();
    const today = client.budgetStatus().today;
    await services.directory.stop();
    return { outcome, today, serviceRefused, ranOut: ranOut as number | null };
  } finally {
    clock.uninstall();
    setServices(undefined);
  }
}

const hour = (at: number | null) => (at === null ? "never" : new Date(at).toISOString().slice(11, 16));

export async function freeDayBench(): Promise<void> {
  const universe = getUniverse();
  void universe.companies; // the whole universe, before the clock is simulated
  const keys = universe.free.map((c) => c.companyKey);
  const views = dayOfViews(keys.length);
  const counts = Object.fromEntries(
    (Object.keys(MIX) as Kind[]).map((kind) => [kind, views.filter((v) => v.kind === kind).length]),
  );
  console.log(
    `${PEOPLE} people, ${WORK.from}:00–${WORK.to}:00 UTC, a page every ${WORK.everyMinutes} minutes each on average: ${views.length} page views (${counts.profile} profiles over the plan's ${keys.length} companies, ${counts.overview} overviews, ${counts.news} news feeds). Upstream: the sandbox at 50 calls a minute and 250 a day (demo-free).`,
  );
  const rows: (string | number)[][] = [
    [
      "budget",
      "pages served",
      "with a stale notice",
      "pages refused",
      "sections refused",
      "calls: people",
      "calls: background",
      "429s",
      "allowance ran out",
    ],
  ];
  const notices: string[] = [];
  for (const config of CONFIGS) {
    const started = performance.now();
    const { outcome, today, serviceRefused, ranOut } = await runDay(config, views, keys);
    rows.push([
      config.label,
      outcome.served,
      outcome.staleNotice,
      outcome.refused,
      outcome.sectionsRefused,
      today.usedBy.interactive,
      today.usedBy.background,
      serviceRefused,
      hour(ranOut),
    ]);
    notices.push(
      `${config.label} (simulated in ${((performance.now() - started) / 1000).toFixed(1)} s): ${
        [...outcome.notices].map(([reason, n]) => `${n} × ${reason}`).join("; ") || "no stale notice"
      }`,
    );
  }
  table(rows);
  for (const line of notices) console.log(line);
}
