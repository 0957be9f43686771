"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { ColumnHeaders, ScrollRegion, ScrollTable } from "@/components/ui/scroll-region";
import { ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { ServedProfile } from "@/lib/api-types";
import { getJson } from "@/lib/client/api";
import { escapeBidiControls, plainText } from "@/lib/format";
import { type ApiDiff, diffProfiles, type MappingKind } from "@/lib/profile/api-diff";
import { liveFieldsStale } from "@/lib/profile/live-fields";
import type { Profile, ProfileV2 } from "@/lib/upstream/schemas";

/** Shown in the example requests instead of any key: the real one never leaves the server. */
const KEY_PLACEHOLDER = "YOUR_API_KEY";

const KINDS: Record<MappingKind, { label: string; row: string; chip: string }> = {
  same: {
    label: "Same",
    row: "",
    chip: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  },
  expected: {
    label: "Differs by design",
    row: "bg-amber-50/70 dark:bg-amber-950/40",
    chip: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  },
  mismatch: {
    label: "Mismatch",
    row: "bg-rose-50 dark:bg-rose-950/50",
    chip: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
  },
  absent: {
    label: "One side only",
    row: "bg-sky-50/70 dark:bg-sky-950/40",
    chip: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  },
};

/** True once the element has come near the viewport: the v2 call is spent only when wanted. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

function Value({ value }: { value: string | null }) {
  if (value === null) return <span className="italic text-slate-500 dark:text-slate-400">absent</span>;
  return (
    <span
      className="line-clamp-3 break-words font-mono text-xs"
      title={value.length > 120 ? plainText(value) : undefined}
    >
      <UpstreamText>{value}</UpstreamText>
    </span>
  );
}

const MAPPING_COLUMNS = ["v2 field", "v2 value", "v3 field", "v3 value", "Comparison"];

function MappingTable({ diff }: { diff: ApiDiff }) {
  const [onlyDifferent, setOnlyDifferent] = useState(false);
  const rows = onlyDifferent ? diff.rows.filter((r) => r.kind !== "same") : diff.rows;
  return (
    <div className="space-y-2">
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onlyDifferent} onChange={(e) => setOnlyDifferent(e.target.checked)} />
        Show only the fields whose values differ ({diff.rows.length - diff.counts.same})
      </label>
      <ScrollTable
        label="v2 to v3 field mapping"
        caption="The contract's v2-to-v3 field mapping with this company's values"
      >
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <ColumnHeaders labels={MAPPING_COLUMNS} className="px-3 py-2" />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.v2Field}-${row.v3Field}`}
              data-kind={row.kind}
              className={`border-t border-slate-100 align-top dark:border-slate-800 ${KINDS[row.kind].row}`}
            >
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-mono text-xs font-normal">
                {row.v2Field}
              </th>
              <td className="min-w-32 max-w-xs px-3 py-2">
                <Value value={row.v2Value} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{row.v3Field}</td>
              <td className="min-w-32 max-w-xs px-3 py-2">
                <Value value={row.v3Value} />
              </td>
              <td className="min-w-56 px-3 py-2">
                <span
                  className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${KINDS[row.kind].chip}`}
                >
                  {KINDS[row.kind].label}
                </span>
                {row.note && (
                  <span className="mt-1 block text-xs text-slate-700 dark:text-slate-300">{row.note}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <ScrollRegion
        label={title}
        scrolls="scrollable"
        className="max-h-96 overflow-auto rounded-lg bg-slate-950 ring-1 ring-slate-800"
      >
        <pre className="p-3 text-xs leading-relaxed text-slate-100">
          {escapeBidiControls(JSON.stringify(value, null, 2))}
        </pre>
      </ScrollRegion>
    </div>
  );
}

function ExampleRequest({ label, command }: { label: string; command: string }) {
  return (
    <div className="min-w-0">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{label}</h3>
        <CopyButton value={command} label={`${label} example request`} />
      </div>
      <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-950 p-3 font-mono text-xs text-slate-100 ring-1 ring-slate-800">
        {command}
      </pre>
    </div>
  );
}

/** A company's profile as `/api/profile` (v3) or `/api/profile-v2` answers it. */
function profileQuery<P extends Profile | ProfileV2>(route: "profile" | "profile-v2", companyKey: string) {
  return queryOptions({
    queryKey: [route, companyKey] as const,
    queryFn: ({ signal }) =>
      getJson<ServedProfile<P>>(`/api/${route}?companyKey=${encodeURIComponent(companyKey)}`, signal),
  });
}

/**
 * For developers: the company's v3 and deprecated v2 profile responses side by side, the
 * contract's field mapping with this company's values, and example requests (with a placeholder
 * key). Loads when it comes into view, so the v2 call is spent only by people who look.
 */
export function ApiView({ companyKey, apiBaseUrl }: { companyKey: string; apiBaseUrl: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const q = `companyKey=${encodeURIComponent(companyKey)}`;
  const v3 = useQuery({ ...profileQuery<Profile>("profile", companyKey), enabled: near });
  const v2 = useQuery({ ...profileQuery<ProfileV2>("profile-v2", companyKey), enabled: near });
  const curl = (path: string) => `curl -H "X-Api-Key: ${KEY_PLACEHOLDER}" "${apiBaseUrl}${path}?${q}"`;
  const diff = v2.data && v3.data ? diffProfiles(v2.data.data, v3.data.data) : null;

  return (
    <div ref={ref} className="space-y-5">
      <div className="grid gap-4 lg:grid-cols-2">
        <ExampleRequest label="v3 profile" command={curl("/v3/company/profile")} />
        <ExampleRequest label="v2 profile (deprecated)" command={curl("/v2/company/profile")} />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Replace {KEY_PLACEHOLDER} with your own key. This app never sends its key to the browser.
      </p>
      {v2.isError || v3.isError ? (
        <ErrorState
          title="The API responses could not be loaded"
          error={v2.error ?? v3.error}
          onRetry={() => {
            if (v2.isError) void v2.refetch();
            if (v3.isError) void v3.refetch();
          }}
        />
      ) : !diff || !v2.data || !v3.data ? (
        <div aria-busy="true" className="space-y-2">
          <div data-without-js="">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              The side-by-side responses load with JavaScript; the example requests above work without it.
            </p>
          </div>
          <p data-needs-js="" className="text-sm text-slate-600 dark:text-slate-300">
            {near
              ? "Loading the v2 and v3 responses…"
              : "The v2 and v3 responses load when you reach this section."}
          </p>
          <div data-needs-js="" className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
        </div>
      ) : (
        <>
          <p className="text-sm" aria-live="polite">
            <span className="font-semibold">{diff.rows.length} mapped fields:</span> {diff.counts.same} the
            same, {diff.counts.expected} different by design, {diff.counts.mismatch} mismatched,{" "}
            {diff.counts.absent} on one side only.
          </p>
          <MappingTable diff={diff} />
          <div>
            <h3 className="mb-2 text-sm font-semibold">New in v3 ({diff.v3Only.length} fields)</h3>
            <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-2 lg:grid-cols-3">
              {diff.v3Only.map((f) => (
                <div
                  key={f.field}
                  className="flex min-w-0 justify-between gap-2 border-b border-slate-100 py-1 dark:border-slate-800"
                >
                  <dt className="font-mono text-slate-600 dark:text-slate-300">{f.field}</dt>
                  <dd className="truncate text-right" title={plainText(f.value) || undefined}>
                    {f.value !== null ? (
                      <UpstreamText>{f.value}</UpstreamText>
                    ) : (
                      <span className="italic text-slate-500 dark:text-slate-400">null</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <JsonBlock title="v2 response (GET /v2/company/profile)" value={v2.data.data} />
            <JsonBlock title="v3 response (GET /v3/company/profile)" value={v3.data.data} />
          </div>
          {liveFieldsStale(Math.max(v2.data.liveFieldsAgeMs ?? 0, v3.data.liveFieldsAgeMs ?? 0)) && (
            <p className="text-xs text-slate-600 dark:text-slate-300">
              updatedAt and earningsFilingDate come from a cached response more than 10 minutes old; the
              server is fetching them again.
            </p>
          )}
        </>
      )}
    </div>
  );
}
