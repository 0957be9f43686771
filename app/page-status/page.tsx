import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReloadButton } from "@/components/ui/reload-button";
import { RetryCountdown } from "@/components/ui/retry-countdown";
import { type PageStatusCause, readPageStatus } from "@/lib/server/page-status";

// The readable page behind a 429, 502 or 503 that proxy.ts answered for another page's URL
// (lib/server/page-status.ts). A direct visit, without the proxy's cause, is a 404.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Temporarily unavailable", robots: { index: false } };

function explain(cause: PageStatusCause): { title: string; text: string } {
  switch (cause.code) {
    case "page_budget":
      return {
        title: "Too many new pages at once",
        text: "This browser has opened many pages in a short time whose data had to be fetched from the data service, and this server shares that service's limit with everyone. Pages already visited keep working.",
      };
    case "rate_limited":
      return {
        title: "The data service is limiting this server",
        text: "This page needs data that is not cached, and the data service is asking this server to wait before its next request. Pages already cached keep working.",
      };
    case "upstream_budget":
      return {
        title: "This server is at its data-service allowance",
        text: "This page needs data that is not cached, and this server is already making, for the moment, all the requests to the data service it is set to make (many pages are loading at once). Pages already cached keep working.",
      };
    case "circuit_open":
      return {
        title: "The data service is failing",
        text: "Its recent answers were errors, so this server pauses its calls to it for a moment, and this page's data is not cached. Pages already cached keep working.",
      };
    case "timeout":
    case "network":
      return {
        title: "The data service did not answer",
        text: "This page needs data that is not cached, and the data service could not be reached in time. Pages already cached keep working.",
      };
    case "unauthorized":
      return {
        title: "The data service rejected this server",
        text: "It does not accept this server's API key, so this page's data cannot be fetched. The people running this server have to fix its configuration.",
      };
    case "invalid_response":
      return {
        title: "The data service sent an answer this app cannot read",
        text: "This page's data could not be used, and no copy of it is cached. Pages already cached keep working.",
      };
    default:
      return {
        title: "The data service is unavailable",
        text: "This page needs data that is not cached, and the data service is failing. Pages already cached keep working.",
      };
  }
}

export default async function PageStatus() {
  const cause = readPageStatus(await headers());
  if (!cause) notFound();
  const { title, text } = explain(cause);
  const seconds = cause.retryAfterSeconds;
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300">Error {cause.status}</p>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{text}</p>
      {seconds !== undefined && (
        // A rejected key or an unreadable answer (502) does not mend by waiting: no retry by itself.
        <RetryCountdown seconds={seconds} retry={cause.status !== 502} />
      )}
      <div className="flex flex-wrap items-center gap-4">
        <ReloadButton />
        <Link
          href="/companies"
          className="text-sm font-medium text-brand-600 hover:underline dark:text-sky-300"
        >
          Open the company directory
        </Link>
      </div>
    </section>
  );
}
