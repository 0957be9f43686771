import type { Metadata } from "next";
import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { CompareView } from "@/components/compare/compare-view";
import { AddToList } from "@/components/following/add-to-list";
import { SaveView } from "@/components/saved/save-view";
import { ArrivesLater } from "@/components/ui/arrives-later";
import { SlowUpstreamNotice } from "@/components/ui/slow-upstream";
import { UpstreamText } from "@/components/ui/upstream-text";
import { UrlState } from "@/components/url-state";
import { inSet, loadedCompanies } from "@/lib/compare/model";
import { compareParsers, loadCompareSearchParams } from "@/lib/compare/search-params";
import { compareSetOf, MAX_COMPARE, type ParsedSet } from "@/lib/compare/set";
import { forLicence } from "@/lib/server/access/licensed";
import { pageViewer } from "@/lib/server/access/page-viewer";
import { loadComparison } from "@/lib/server/pages/compare";
import { withinDocument } from "@/lib/server/pages/document-deadline";
import { upstreamIsSlow } from "@/lib/server/pages/page-gate";
import { indexedTicker } from "@/lib/server/pages/profile-page";

// The set comes from the URL and every company from the (cached) profile service.
export const dynamic = "force-dynamic";

interface PageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const { keys } = compareSetOf((await loadCompareSearchParams(searchParams)).companies);
  return {
    // Tickers from the index (no call to the data service): "Compare ELMO, DIJL, 5259…".
    title:
      keys.length > 0
        ? `Compare ${keys.slice(0, 4).map(indexedTicker).join(", ")}${keys.length > 4 ? "…" : ""}`
        : "Compare",
    robots: { index: false },
  };
}

export default async function ComparePage({ searchParams }: PageProps) {
  const set = compareSetOf((await loadCompareSearchParams(searchParams)).companies);
  if (!(await upstreamIsSlow())) return <Comparison set={set} />;
  // The upstream is slow (page-gate.ts): the document now, the comparison when it comes.
  return (
    <Suspense fallback={<Waiting notice={<SlowUpstreamNotice what="The comparison" />} />}>
      <Comparison set={set} streamed />
    </Suspense>
  );
}

/** The comparison's place while its companies are awaited. */
function Waiting({ notice }: { notice: ReactNode }) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Compare</h1>
      </header>
      {notice}
    </div>
  );
}

async function Comparison({
  set: { keys, ...leftOut },
  streamed = false,
}: {
  set: ParsedSet;
  /** Streamed after the document was sent: it ends without the comparison if that is late. */
  streamed?: boolean;
}) {
  const loaded = streamed ? await withinDocument(loadComparison(keys)) : await loadComparison(keys);
  const comparison = forLicence(loaded, (await pageViewer()).licensed);
  if (comparison === "late")
    return <Waiting notice={<ArrivesLater what="The comparison" renderedAt={Date.now()} />} />;
  const companies = loadedCompanies(comparison.entries);
  const count = inSet(comparison.entries);
  // Named in the set (a chip each) but not comparable: the header says so, so its count and the
  // set's agree.
  const offPlan = comparison.entries.filter((e) => !e.ok && e.reason === "plan").length;
  return (
    <div className="space-y-6">
      <header>
        <h1
          id="compare-title"
          tabIndex={-1}
          className="text-2xl font-semibold tracking-tight focus:outline-none"
        >
          Compare
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          {count + offPlan > 0 ? (
            <>
              {count} {count === 1 ? "company" : "companies"}
              {count > companies.length
                ? ` (${companies.length === 0 ? "none" : `${count - companies.length} not`} shown just now)`
                : ""}
              {offPlan > 0 && ` and ${offPlan} not on this server's plan`}
              {companies[0] && (
                <>
                  , with{" "}
                  <strong className="font-semibold text-slate-900 dark:text-white">
                    <UpstreamText>{companies[0].name}</UpstreamText>
                  </strong>{" "}
                  as the focus
                </>
              )}
              . Add up to {MAX_COMPARE} from the search box, the peer graph, a profile's peers or a selection
              in the
            </>
          ) : (
            <>
              Put 2 to {MAX_COMPARE} companies side by side: search for them below, open a profile and compare
              it with its peers, or select rows in the
            </>
          )}{" "}
          <Link href="/companies" className="font-medium text-brand-600 hover:underline dark:text-sky-300">
            directory
          </Link>
          .
        </p>
        {count > 0 && (
          <div className="mt-2 flex flex-wrap items-start gap-2">
            <SaveView
              kind="compare"
              suggestion={companies
                .slice(0, 3)
                .map((c) => c.name)
                .join(" vs ")}
            />
            <AddToList
              companies={companies.map((c) => c.companyKey)}
              what={companies.length === 1 ? "this company" : `these ${companies.length} companies`}
            />
          </div>
        )}
      </header>
      <UrlState order={Object.keys(compareParsers)}>
        <CompareView comparison={comparison} leftOut={leftOut} />
      </UrlState>
    </div>
  );
}
