"use client";

import { useRouter } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useEffect, useRef, useState, useTransition } from "react";
import { Section } from "@/components/ui/section";
import { UpstreamText } from "@/components/ui/upstream-text";
import { useEarlyInput } from "@/components/ui/use-early-input";
import type { DirectoryRow } from "@/lib/api-types";
import { useHydrated } from "@/lib/client/hydrated";
import { type Comparison, inSet, loadedCompanies } from "@/lib/compare/model";
import { compareParsers } from "@/lib/compare/search-params";
import {
  companiesParam,
  companiesUrlValue,
  compareSetOf,
  LIMIT_MESSAGE,
  MAX_COMPARE,
  MIN_COMPARE,
  type ParsedSet,
  withCompany,
  withFocus,
  withoutCompany,
} from "@/lib/compare/set";
import { plainText } from "@/lib/format";
import type { PeerRow } from "@/lib/profile/peer-rows";
import { BreakdownChart, MarketCapChart } from "./charts";
import { CompareNews } from "./compare-news";
import { CompareTable } from "./compare-table";
import { PeerGraph } from "./peer-graph";
import { ListingsChart, NewsVolumeChart, PeerOverlapChart } from "./set-charts";
import { SetEditor, type SetMember } from "./set-editor";

/**
 * Asks the server for the comparison again (the companies it could not send just now), in place.
 * The focus first goes to the page's title: the button goes with the notices once they are mended.
 * Without JavaScript, the words say what to do instead.
 */
function TryAgain() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  if (!useHydrated()) return <>Reload the page to try again.</>;
  return (
    <button
      type="button"
      aria-disabled={pending}
      onClick={() => {
        if (pending) return;
        document.getElementById("compare-title")?.focus();
        startTransition(() => router.refresh());
      }}
      className="font-medium underline underline-offset-2"
    >
      {pending ? "Trying again…" : "Try again"}
    </button>
  );
}

const hqField = (c: { hqName: string | null; hqCode: string | null }) => c.hqName ?? c.hqCode;

/**
 * The comparison page's body. The set lives in the URL: every edit pushes a history entry (the
 * back button undoes it) and the server sends the new comparison; edits made before it arrives
 * build on the URL's set (updated at once) rather than on the set shown.
 */
export function CompareView({
  comparison,
  leftOut,
}: {
  comparison: Comparison & { warning?: string };
  /** Companies in the URL past the limit, named twice, or not identifiers at all: named, not silently lost. */
  leftOut: Omit<ParsedSet, "keys">;
}) {
  const [pending, startTransition] = useTransition();
  const [{ companies: inUrl }, setUrl] = useQueryStates(compareParsers, {
    history: "push",
    shallow: false,
    scroll: false,
    startTransition,
  });
  const [notice, setNotice] = useState<string | null>(null);
  // A company searched for while the scripts still load.
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);
  const { entries, focusPeers } = comparison;
  const companies = loadedCompanies(entries);
  const keys = entries.map((e) => (e.ok ? e.company.companyKey : e.requested));
  const keysText = companiesParam(keys);
  const latest = compareSetOf(inUrl).keys;

  // The URL names the companies as the server answered them: a former ticker or another case by
  // the canonical key, a second name of a company once. Only while the URL still asks for what
  // this comparison answered (an edit made meanwhile is not undone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keysText stands for keys, the URL value for inUrl
  useEffect(() => {
    // The same keys in the same order: a reordered set (a new focus) is an edit still on its way.
    if (companiesParam(latest) !== companiesParam(comparison.asked)) return;
    const canonical = [...keys, ...leftOut.overLimit, ...leftOut.invalid];
    if (companiesUrlValue(canonical) !== companiesUrlValue(inUrl))
      void setUrl({ companies: canonical }, { history: "replace", shallow: true });
  }, [keysText, companiesUrlValue(inUrl)]);

  const go = (next: string[]) => {
    setNotice(null);
    void setUrl({ companies: next });
  };
  const add = (companyKey: string) => {
    if (latest.includes(companyKey)) return;
    const next = withCompany(latest, companyKey);
    if (next) go(next);
    else setNotice(LIMIT_MESSAGE);
  };
  const remove = (companyKey: string) => go(withoutCompany(latest, companyKey));
  const togglePeer = (peer: PeerRow) =>
    latest.includes(peer.companyKey) ? remove(peer.companyKey) : add(peer.companyKey);

  const focus = companies[0];
  // A key no company answers to is named and left out: no chip, no count, never the focus.
  const members: SetMember[] = entries.flatMap((e): SetMember[] =>
    e.ok
      ? [
          {
            companyKey: e.company.companyKey,
            label: e.company.ticker ?? e.company.companyKey,
            name: e.company.name,
            hasLogo: e.company.hasLogo,
            focus: e.company.companyKey === focus?.companyKey,
          },
        ]
      : e.reason === "not_found"
        ? []
        : [
            {
              companyKey: e.requested,
              label: e.known?.ticker ?? e.requested,
              name: e.known?.name ?? e.requested,
              hasLogo: e.known?.hasLogo ?? false,
              focus: false,
              failed: e.reason,
            },
          ],
  );
  const failed = entries.flatMap((e) => (e.ok ? [] : [e]));

  return (
    <div ref={root} data-print-links className="space-y-6">
      <div className="print:hidden">
        <SetEditor
          members={members}
          pending={pending}
          onAdd={(row: DirectoryRow) => add(row.companyKey)}
          onRemove={remove}
        />
      </div>
      <div aria-live="polite" className="space-y-2 empty:hidden">
        {notice && <Notice tone="warn">{notice}</Notice>}
        {leftOut.overLimit.length > 0 && (
          <Notice tone="warn">
            {/* Said of the link, not of the set: the first 12 it named may include keys no company
                answers to, and then the set holds fewer. */}
            The link named more than {MAX_COMPARE} companies: the first {MAX_COMPARE} were taken, and these
            left out: {leftOut.overLimit.join(", ")}.
          </Notice>
        )}
        {leftOut.repeated.length > 0 && (
          <Notice tone="warn">
            The link named {leftOut.repeated.length === 1 ? "this company" : "these companies"} more than
            once, and each is compared once: {leftOut.repeated.join(", ")}.
          </Notice>
        )}
        {leftOut.invalid.length > 0 && (
          <Notice tone="warn">
            Not a company identifier, so left out: {plainText(leftOut.invalid.join(", "))}.
          </Notice>
        )}
        {failed.map((e) => (
          <Notice key={e.requested} tone={e.reason === "unavailable" ? "warn" : "bad"}>
            {e.known ? (
              <UpstreamText>{e.known.name}</UpstreamText>
            ) : (
              <span className="font-mono">{e.requested}</span>
            )}
            : {e.message}
            {e.reason === "not_found" && (
              <>
                {" "}
                It is left out.{" "}
                <button
                  type="button"
                  data-needs-js=""
                  onClick={() => remove(e.requested)}
                  className="font-medium underline underline-offset-2"
                >
                  Remove it from the address
                </button>
              </>
            )}
          </Notice>
        ))}
        {failed.some((e) => e.reason === "unavailable") && (
          <p className="text-sm">
            <TryAgain />
          </p>
        )}
        {comparison.duplicates?.map((d) => (
          <Notice key={d.requested} tone="info">
            <span className="font-mono">{d.requested}</span> and <span className="font-mono">{d.sameAs}</span>{" "}
            name one company, <UpstreamText>{d.name}</UpstreamText>: it is in the comparison once, as{" "}
            <span className="font-mono">{d.companyKey}</span>.
          </Notice>
        ))}
        {comparison.warning && <Notice tone="warn">{comparison.warning}</Notice>}
        {companies.length > 0 && inSet(entries) < MIN_COMPARE && (
          <Notice tone="info">
            Add at least one more company to compare: search above, or press a peer of{" "}
            <UpstreamText>{focus?.name}</UpstreamText> below.
          </Notice>
        )}
      </div>

      {focus && (
        <Section id="charts" title="At a glance">
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            <div className="grid min-w-0 grid-cols-1 gap-4">
              <MarketCapChart companies={companies} />
              <BreakdownChart
                title="By sector"
                noun="sector"
                allIn={["are in", "is in"]}
                companies={companies}
                field={(c) => c.sector}
              />
              <BreakdownChart
                title="By headquarters country"
                noun="country"
                allIn={["are headquartered in", "is headquartered in"]}
                companies={companies}
                field={hqField}
              />
            </div>
            <PeerGraph
              focus={focus}
              peers={focusPeers}
              inSet={(key) => keys.includes(key)}
              onToggle={togglePeer}
            />
          </div>
          {companies.length >= MIN_COMPARE && (
            <div className="mt-4 grid grid-cols-1 items-start gap-4 lg:grid-cols-2 2xl:grid-cols-3">
              <ListingsChart companies={companies} />
              <PeerOverlapChart companies={companies} />
              <NewsVolumeChart companies={companies} />
            </div>
          )}
        </Section>
      )}
      {companies.length >= MIN_COMPARE && (
        <Section id="side-by-side" title="Side by side">
          <CompareTable
            companies={companies}
            pending={pending}
            onRemove={remove}
            onFocus={(key) => go(withFocus(latest, key))}
          />
        </Section>
      )}
      {focus && (
        <Section
          id="news"
          title="News across the set"
          description="The top stories of the last 7 UTC days for these companies, most material first."
        >
          <CompareNews companies={companies} />
        </Section>
      )}
    </div>
  );
}

const NOTICE_TONES = {
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
  warn: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  bad: "border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100",
} as const;

function Notice({ tone, children }: { tone: keyof typeof NOTICE_TONES; children: React.ReactNode }) {
  return <p className={`rounded-md border px-3 py-2 text-sm ${NOTICE_TONES[tone]}`}>{children}</p>;
}
