import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { formatAgo, formatCount, formatUtcTime } from "@/lib/format";
import { budgetNotice } from "@/lib/server/services/notices";
import { getServices } from "@/lib/server/services/services";
import type { BudgetStatus, PauseKind } from "@/lib/upstream/budget";

// The budget's figures as they are now: never a kept or build-time page.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Data service status",
  description:
    "How this server spends its data-service key: the calls of the current window and of today, by people and by background work, the people's reserve and any pause.",
  robots: { index: false },
};

const PAUSES: Record<PauseKind, string> = {
  "retry-after": "the data service asked this server to wait (its Retry-After)",
  backoff:
    "the data service refused calls without saying how long to wait, so this server waits longer each time",
  daily: "the data service's daily limit for this key is reached",
};

const MODES = {
  local: "in this server's memory, and in its cache folder across restarts",
  shared: "in Redis, for every instance of this server together",
  "local-fallback": "by this instance alone, on its share, while Redis cannot be reached",
} as const;

/** One figure with what it means. */
function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[16rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** People's, background work's and the free part of a limit, drawn as one bar (the figures say it in words too). */
function Meter({
  people,
  background,
  limit,
  label,
}: {
  people: number;
  background: number;
  limit: number;
  label: string;
}) {
  const part = (n: number) => `${Math.min(100, (n / Math.max(1, limit)) * 100)}%`;
  return (
    <div
      role="img"
      aria-label={label}
      className="mt-2 flex h-3 w-full max-w-xl overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
    >
      <span className="h-full bg-brand-600 dark:bg-sky-400" style={{ width: part(people) }} />
      <span className="h-full bg-amber-500 dark:bg-amber-400" style={{ width: part(background) }} />
    </div>
  );
}

function Window({ budget }: { budget: BudgetStatus }) {
  const { limit, used, usedBy, backgroundCap, effectiveCalls } = budget;
  if (!limit)
    return (
      <p className="text-sm">
        No limit per window is set (UPSTREAM_RATE_LIMIT): {formatCount(used)} calls in the last minute,{" "}
        {formatCount(usedBy.interactive)} for people and {formatCount(usedBy.background)} by background work.
      </p>
    );
  const seconds = limit.windowMs / 1000;
  const calls = effectiveCalls ?? limit.calls;
  return (
    <dl className="divide-y divide-slate-200 dark:divide-slate-800">
      <Figure term={`Calls in the last ${seconds} s`}>
        {formatCount(used)} of {formatCount(calls)}
        {calls !== limit.calls && ` (this instance's share of ${formatCount(limit.calls)})`}:{" "}
        {formatCount(usedBy.interactive)} for pages people opened, {formatCount(usedBy.background)} by
        background work
        <Meter
          people={usedBy.interactive}
          background={usedBy.background}
          limit={calls}
          label={`${usedBy.interactive} calls for people and ${usedBy.background} by background work, of ${calls}`}
        />
      </Figure>
      {backgroundCap !== null && (
        <Figure term="Kept for people">
          Background work (syncing the company list, refreshing cached data, the overview&apos;s counts,
          logos) stops once {formatCount(backgroundCap)} calls are in the window; the other{" "}
          {formatCount(limit.calls - backgroundCap)} are kept for pages people open.
        </Figure>
      )}
    </dl>
  );
}

function Today({ budget, now }: { budget: BudgetStatus; now: number }) {
  const { today } = budget;
  const reset = Date.parse(today.resetsAt);
  return (
    <dl className="divide-y divide-slate-200 dark:divide-slate-800">
      <Figure term={`Calls today (${today.day}, UTC)`}>
        {formatCount(today.used)}
        {today.limit !== null && ` of ${formatCount(today.limit)}`}: {formatCount(today.usedBy.interactive)}{" "}
        for pages people opened, {formatCount(today.usedBy.background)} by background work
        {today.limit !== null && (
          <Meter
            people={today.usedBy.interactive}
            background={today.usedBy.background}
            limit={today.limit}
            label={`${today.usedBy.interactive} calls for people and ${today.usedBy.background} by background work, of ${today.limit} today`}
          />
        )}
      </Figure>
      {today.limit === null ? (
        <Figure term="Daily allowance">
          None is set (UPSTREAM_DAILY_LIMIT): only the window limits the calls.
        </Figure>
      ) : (
        <>
          <Figure term="Remaining today">{formatCount(today.remaining ?? 0)}</Figure>
          <Figure term="Kept for people">
            Background work stops before the day&apos;s calls reach{" "}
            {formatCount(today.limit - (today.reserve ?? 0))}: the last {formatCount(today.reserve ?? 0)} are
            kept for pages people open. It spreads its share over the day, and may have used{" "}
            {formatCount(today.backgroundAllowance ?? 0)} by now.
          </Figure>
        </>
      )}
      <Figure term="The day starts again">
        at 00:00 UTC, <time dateTime={today.resetsAt}>{formatAgo(reset, now)}</time>
      </Figure>
    </dl>
  );
}

export default async function StatusPage() {
  const services = getServices();
  await services.refreshHealth();
  const now = services.now();
  const budget = services.client.budgetStatus();
  const upstream = services.client.health();
  const notice = budgetNotice(budget, now);
  const pause = budget.pause;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Data service status</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          How this server spends its key for the data service, as of{" "}
          <time dateTime={new Date(now).toISOString()}>{formatUtcTime(now)}</time>. Every call is counted{" "}
          {MODES[budget.mode]}
          {budget.instances !== undefined &&
            budget.mode === "shared" &&
            ` (${budget.instances} seen sharing it)`}
          . The same figures are in <code className="font-mono">/api/health</code> as JSON.{" "}
          <Link href="/status" className="font-medium text-brand-600 hover:underline dark:text-sky-300">
            Refresh
          </Link>
        </p>
      </div>
      <p
        role="status"
        className={`rounded-lg border p-4 text-sm ${
          notice
            ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        }`}
      >
        {notice ??
          `All is well: the data service is ${upstream.state === "ok" ? "answering" : upstream.state}, and this server is within its allowance.`}
      </p>
      {pause && (
        <section aria-labelledby="pause-title" className="space-y-2">
          <h2 id="pause-title" className="text-lg font-semibold tracking-tight">
            Paused
          </h2>
          <p className="text-sm">
            Every call waits until{" "}
            <time dateTime={new Date(pause.until).toISOString()}>{formatUtcTime(pause.until)}</time> (
            {formatAgo(pause.until, now)}): {PAUSES[pause.kind]}.
            {budget.nextProbeAt !== null &&
              ` One call checks whether it has lifted every 10 minutes; the next ${formatAgo(budget.nextProbeAt, now)}.`}
          </p>
        </section>
      )}
      <section aria-labelledby="window-title" className="space-y-2">
        <h2 id="window-title" className="text-lg font-semibold tracking-tight">
          This window
        </h2>
        <Window budget={budget} />
      </section>
      <section aria-labelledby="today-title" className="space-y-2">
        <h2 id="today-title" className="text-lg font-semibold tracking-tight">
          Today
        </h2>
        <Today budget={budget} now={now} />
      </section>
      {(budget.waiting.interactive > 0 || budget.waiting.background > 0) && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Waiting for a slot now: {formatCount(budget.waiting.interactive)} for people,{" "}
          {formatCount(budget.waiting.background)} background.
        </p>
      )}
    </div>
  );
}
