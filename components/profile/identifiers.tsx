import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { ColumnHeaders, ScrollTable } from "@/components/ui/scroll-region";
import { UpstreamText } from "@/components/ui/upstream-text";
import { plainText } from "@/lib/format";
import { listingKey } from "@/lib/profile/listings";
import type { Profile } from "@/lib/upstream/schemas";
import { LISTING_IDENTIFIERS } from "@/lib/upstream/vocabulary";

function Value({ label, value }: { label: string; value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === "")
    return <span className="text-slate-500 dark:text-slate-400">None</span>;
  const text = String(value);
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <span className="break-all font-mono text-sm">{text}</span>
      <CopyButton value={text} label={label} />
    </span>
  );
}

/**
 * The company's identifiers and each listing's, every one copyable. `licensed`: whether this
 * viewer may see ISIN and CUSIP; if not, they were left out of `profile` and a note says why.
 */
export function Identifiers({ profile, licensed = true }: { profile: Profile; licensed?: boolean }) {
  const company: [string, string, string | number | null | undefined, string][] = [
    [
      "fscl",
      "Company fiscal identifier (fscl)",
      profile.companyFiscalIdentifier,
      "The durable key: survives ticker changes and re-listings.",
    ],
    ["companyKey", "companyKey", profile.companyKey, "Readable, but changes with the primary ticker."],
    ["companyId", "companyId", profile.companyId, "Numeric id kept for backward compatibility."],
    [
      "cik",
      "SEC CIK",
      profile.cik,
      profile.cik ? "Current Central Index Key." : "The company does not file with the SEC.",
    ],
  ];
  const listings = [
    ...(profile.primaryListing ? [{ listing: profile.primaryListing, primary: true }] : []),
    ...profile.secondaryListings.map((listing) => ({ listing, primary: false })),
  ];
  const present = LISTING_IDENTIFIERS.filter(([field]) => listings.some(({ listing }) => listing[field]));
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        {company.map(([key, label, value, hint]) => (
          <div key={key} className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="mt-1">
              <Value label={label} value={value} />
              <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{hint}</span>
            </dd>
          </div>
        ))}
      </dl>
      {listings.length > 0 && (
        <ScrollTable label="Listing identifiers" stack caption="Identifiers of each listing">
          <thead
            role="rowgroup"
            className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-300"
          >
            <tr role="row">
              <ColumnHeaders
                labels={["Listing", ...present.map(([, label]) => label)]}
                className="whitespace-nowrap px-3 py-2"
                roles
              />
            </tr>
          </thead>
          <tbody role="rowgroup">
            {listings.map(({ listing, primary }) => (
              <tr
                key={listingKey(listing)}
                role="row"
                data-card=""
                className="border-t border-slate-100 dark:border-slate-800"
              >
                <th
                  scope="row"
                  role="rowheader"
                  data-span=""
                  className="whitespace-nowrap px-3 py-2 text-left font-medium"
                >
                  <UpstreamText>{listing.exchangeCode}</UpstreamText>:{" "}
                  <UpstreamText>{listing.ticker}</UpstreamText>
                  {primary && (
                    <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">
                      (primary)
                    </span>
                  )}
                </th>
                {present.map(([field, label]) => {
                  const value = listing[field];
                  return (
                    <td key={field} role="cell" data-label={label} className="whitespace-nowrap px-3 py-1">
                      {value ? (
                        <span className="inline-flex items-center gap-0.5">
                          <span className="font-mono text-xs">{value}</span>
                          <CopyButton
                            value={value}
                            label={`${label} of ${plainText(listing.exchangeCode)}: ${plainText(listing.ticker)}`}
                          />
                        </span>
                      ) : (
                        <span className="text-slate-400 dark:text-slate-500">—</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {!licensed && (
        <p role="note" className="text-sm text-slate-600 dark:text-slate-300">
          ISIN and CUSIP are licensed identifiers: this dashboard shows them to people signed in to it.{" "}
          <Link href="/sign-in" className="font-medium text-sky-700 underline dark:text-sky-300">
            Sign in
          </Link>
        </p>
      )}
    </div>
  );
}
